package e2e

import (
	"testing"

	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/party"
	"gnosis/engine/share"
)

// TestOpponentFromALink: on a phone with no party, "Use as opponent" leads to building one;
// the choice stays across a reload, and the game then starts against the link's party.
func TestOpponentFromALink(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	base := "http://" + srv.addr + "/"
	link := visitorsLink(t, base)
	p := newPage(t)
	p.open(link)
	p.wantIn("#shared-party", "Visitors")
	p.click("#use-as-opponent")
	p.wantIn("#choose-for-opponent", "you need a party of your own")
	p.reload()
	p.wantIn("#choose-for-opponent", "play against Visitors")
	p.shot("opponent-without-party")
	p.click("#build-for-opponent")
	p.waitFor(`!!document.querySelector("#party-name")`, "the builder")
	p.typeInto("#catalog-search", "saint hazael")
	p.click(`button[aria-label="Add Saint Hazael"]`)
	p.click("#start-game")
	p.waitFor(`document.querySelector("#opponent").selectedOptions[0].text === "Visitors (from the link)"`, "the link's party as the opponent")
	p.click("#begin")
	p.wantIn("#c-1-0", "Nero")
	p.open(base)
	p.wantIn("#continue-game", "Continue")
	p.wantGone("#choose-for-opponent")
}

// visitorsLink is a shared party's link to the app at base: "Visitors", Nero and Grey at 250
// levels of the core edition.
func visitorsLink(t *testing.T, base string) string {
	t.Helper()
	link, err := share.Link(base, party.PartyFile{
		Version: party.PartyFileVersion, Name: "Visitors", Edition: anima.Core, Level: 250,
		Characters: []party.PartyEntry{{Name: "Nero"}, {Name: "Grey"}},
	}, catalog.Default())
	if err != nil {
		t.Fatal(err)
	}
	return link
}
