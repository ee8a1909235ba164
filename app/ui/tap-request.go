package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
)

// attrRequest is the attribute of a button drawn by tapRequests.button: the key of its
// request.
const attrRequest = "data-request"

// tapRequests keeps the requests of a component's buttons as its latest render drew them, by
// the key each button carries (attrRequest). A tap sends the request its button's key has when
// the tap comes. go-app keeps a button's first handler when a render passes another from the
// same function, so a handler that kept its request would send the one of the button's first
// drawing (a Hide drawn as Reveal, a state's −1 from the level it had then); this one reads it.
//
// A component holds a tapRequests by value and draws through a pointer to it that stays the
// same while the component is mounted (a field of the component, or of one of its fields).
type tapRequests struct{ byKey map[string]session.Request }

// button is a button that sends req (a request of the Session: doCmd, dwDo…) when tapped;
// key names it among the component's buttons.
func (t *tapRequests) button(key string, req session.Request) app.HTMLButton {
	if t.byKey == nil {
		t.byKey = map[string]session.Request{}
	}
	t.byKey[key] = req
	return app.Button().Attr(attrRequest, key).OnClick(t.onTap)
}

// onTap sends the request of the tapped button's key.
func (t *tapRequests) onTap(ctx app.Context, e app.Event) {
	if req, ok := t.byKey[ctx.JSSrc().Call("getAttribute", attrRequest).String()]; ok {
		send(ctx, req)
	}
}
