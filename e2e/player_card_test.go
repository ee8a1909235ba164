package e2e

import (
	"fmt"
	"path/filepath"
	"testing"
)

// TestPlayerCard (issue 73, part 1): at 390×844 and 360×740, in three languages, a player makes
// their player card on their phone (its QR code and its link shown, the home screen naming it,
// kept over a reload); the organiser's phone enters them by the card's link pasted as a new
// player's name, another player by name alone (marked without a card), and the camera for a
// card opens as a sheet in view.
func TestPlayerCard(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	base := "http://" + srv.addr + "/"
	for _, v := range []struct {
		name, option string
		w, h         int64
	}{{"en", "English", phoneWidth, phoneHeight}, {"es", "Español", 360, 740}, {"it", "Italiano", phoneWidth, phoneHeight}} {
		t.Run(v.name, func(t *testing.T) {
			parallel(t)
			phone := func(p *tab) {
				p.resize(v.w, v.h)
				p.open(base)
				p.choose("#language", v.option)
			}
			player := newPage(t)
			phone(player)
			player.click("#open-card")
			player.waitFor(`!!document.querySelector("#card-make")`, "the card to make")
			player.shot(fmt.Sprintf("player-card-new-%s-%d", v.name, v.w))
			player.typeInto("#card-name", "Ana María")
			player.click("#card-make")
			player.waitFor(`!!document.querySelector("#player-card #qr svg") && document.querySelector("#share-link").value.includes("#player=")`, "the card's code and link")
			player.shot(fmt.Sprintf("player-card-%s-%d", v.name, v.w))
			link := eval[string](player, `document.querySelector("#share-link").value`)
			player.open(base)
			player.wantIn("#home-card", "Ana María")
			player.open(base + "#/card")
			player.waitFor(`document.querySelector("#share-link") && document.querySelector("#share-link").value === `+q(link), "the same card after a reload")

			dir := t.TempDir()
			cam := filepath.Join(dir, "organiser.y4m")
			writeY4M(t, cam, nil)
			org := phoneWithCamera(t, filepath.Join(dir, "organiser"), cam)
			phone(org)
			org.click("#open-event")
			org.typeInto("#event-new-name", "Thursday")
			org.click("#event-begin")
			org.waitFor(`!!document.querySelector("#event-players")`, "the event begun")
			org.typeInto("#event-player-name", link)
			org.click("#event-add-player")
			org.wantIn("#event-player-1", "Ana María")
			org.waitFor(`document.querySelector("#event-player-name").value === ""`, "the name's field free again")
			org.typeInto("#event-player-name", "Bruno")
			org.click("#event-add-player")
			org.waitFor(`!!document.querySelector("#event-no-card-2") && !document.querySelector("#event-no-card-1")`, "Bruno marked without a card, Ana not")
			scanInView(org, "#event-scan-card", "#event-video", "#event-scan-stop")
			org.shot(fmt.Sprintf("player-card-entered-%s-%d", v.name, v.w))
			org.click("#event-scan-stop")
			org.waitFor(`!document.querySelector("#event-camera")`, "the camera closed")

			// Round 1's link opened on the player's phone finds Ana by her card (the link
			// carries each card's first letters): her name is chosen, and the night is hers.
			org.click("#event-tab-round")
			org.click("#event-pair")
			org.click("#event-show-round")
			org.waitFor(`!!document.querySelector(".event-round-code svg")`, "the round's code")
			roundLink := eval[string](org, `document.querySelector(".event-round-link").href`)
			player.open(roundLink)
			player.waitFor(`document.querySelector("#round-me").value === "1" && !!document.querySelector("#round-seat")`, "Ana found by her card")
			player.open(base + "#/played")
			player.wantIn("#played", "Thursday")

			// The card's link opened on another phone shows the card and what it is for; a
			// damaged one says so.
			org.open(link)
			org.wantIn("#card-link", "Ana María")
			org.waitFor(`!!document.querySelector("#card-link #qr svg") && document.querySelector("#share-link").value === `+q(link), "the card shown from its link")
			org.shot(fmt.Sprintf("player-card-link-%s-%d", v.name, v.w))
			org.open(base + "#player=AAAAAAAA")
			org.waitFor(`!!document.querySelector("#card-link-error")`, "a damaged card's link refused with words")
		})
	}
}
