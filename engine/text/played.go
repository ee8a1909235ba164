package text

// playedRows are the texts of the club nights a player played, on their own phone
// (app/ui/played.go), and of their rounds restored from a backup.
var playedRows = []row{
	{"", "Your club nights", "Tus noches de club", "Le tue serate di club"},
	{"", "No club night yet: open a round's link from the organiser and pick your name, and the night is listed here with the games you keep at it.", "Aún no hay noches de club: abre el enlace de una ronda del organizador y elige tu nombre, y la noche aparece aquí con las partidas que guardes en ella.", "Nessuna serata di club per ora: apri il link di un round dell'organizzatore e scegli il tuo nome, e la serata appare qui con le partite che vi conservi."},
	{"", "No game kept", "Ninguna partida guardada", "Nessuna partita conservata"},
	{"", "Open the game against %s: %s", "Abrir la partida contra %s: %s", "Apri la partita contro %s: %s"},
	{"", "Round not known", "Ronda desconocida", "Round non noto"},
	{"", "Round %d · table %d", "Ronda %d · mesa %d", "Round %d · tavolo %d"},
	{"", "Opponent not known", "Rival desconocido", "Avversario non noto"},
	{"", "against %s", "contra %s", "contro %s"},
	{"", "the rounds of your club nights not restored: ", "las rondas de tus noches de club no restauradas: ", "i round delle tue serate di club non ripristinati: "},
	{"", "%d round of your club nights added", "%d ronda de tus noches de club añadida", "%d round delle tue serate di club aggiunto"},
	{"", "%d rounds of your club nights added", "%d rondas de tus noches de club añadidas", "%d round delle tue serate di club aggiunti"},
}
