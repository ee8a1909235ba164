package text

// seasonRows are a season's texts (engine/season): the player card's and the season's
// refusals.
var seasonRows = []row{
	{"", "a player card needs a name", "una ficha de jugador necesita un nombre", "una tessera giocatore ha bisogno di un nome"},
	{"", "not a player card: scan the card a player's phone shows under Your player card", "no es una ficha de jugador: escanea la ficha que muestra el teléfono del jugador en Tu ficha de jugador", "non è una tessera giocatore: scansiona la tessera che il telefono del giocatore mostra in La tua tessera giocatore"},
	{"", "the player card is damaged: scan it again", "la ficha de jugador está dañada: escanéala otra vez", "la tessera giocatore è danneggiata: scansionala di nuovo"},
	{"", "%s is a night of another game: a season adds up the nights of one game", "%s es una noche de otro juego: una temporada suma las noches de un solo juego", "%s è una serata di un altro gioco: una stagione somma le serate di un solo gioco"},
	{"", "a season adds up %d nights at most", "una temporada suma %d noches como mucho", "una stagione somma al massimo %d serate"},
	{"", "a season keeps %d joins at most", "una temporada guarda %d uniones como mucho", "una stagione conserva al massimo %d unioni"},
	{"", "a season of a game this version does not know: %q", "una temporada de un juego que esta versión no conoce: %q", "una stagione di un gioco che questa versione non conosce: %q"},
	{"", "the best nights counted are 0 (all) to %d", "las mejores noches que cuentan van de 0 (todas) a %d", "le serate migliori contate vanno da 0 (tutte) a %d"},
	{"", "τ is 0.2 to 1.2", "τ va de 0,2 a 1,2", "τ va da 0,2 a 1,2"},
	{"", "%s and %s both played %s: they are two players", "%s y %s jugaron los dos %s: son dos jugadores", "%s e %s hanno giocato entrambi %s: sono due giocatori"},
	{"", "the season's file would be %d kB, past the %d kB a phone reads: share fewer nights", "el archivo de la temporada ocuparía %d kB, más de los %d kB que lee un teléfono: comparte menos noches", "il file della stagione sarebbe di %d kB, oltre i %d kB che un telefono legge: condividi meno serate"},
	{"", "a season's file of %d kB: a phone reads one of %d kB at most", "un archivo de temporada de %d kB: un teléfono lee uno de %d kB como mucho", "un file di stagione di %d kB: un telefono ne legge uno di %d kB al massimo"},
	{"", "not a Gnosis season's file: it cannot be read", "no es un archivo de temporada de Gnosis: no se puede leer", "non è un file di stagione di Gnosis: non si può leggere"},
	{"", "a season's file of %d nights: a phone reads %d at most", "un archivo de temporada de %d noches: un teléfono lee %d como mucho", "un file di stagione di %d serate: un telefono ne legge al massimo %d"},
	{"", "night %d of the season's file cannot be read", "la noche %d del archivo de la temporada no se puede leer", "la serata %d del file della stagione non si può leggere"},
	// The player card on the phone (app/ui/player-card.go, app/session/card.go).
	{"", "Your player card", "Tu ficha de jugador", "La tua tessera giocatore"},
	{"", "Open your player card", "Abrir tu ficha de jugador", "Apri la tua tessera giocatore"},
	{"", "For the club nights you play: made once", "Para las noches de club que juegas: se hace una vez", "Per le serate di club a cui giochi: si crea una volta"},
	{"", "Make it once: at a club night the organiser scans it to enter you, and a season joins your nights by it.", "Hazla una vez: en una noche de club el organizador la escanea para inscribirte, y una temporada une tus noches gracias a ella.", "Creala una volta: a una serata di club l'organizzatore la scansiona per iscriverti, e una stagione unisce le tue serate grazie a lei."},
	{"", "Make my player card", "Hacer mi ficha de jugador", "Crea la mia tessera giocatore"},
	{"", "Your player card's link", "El enlace de tu ficha de jugador", "Il link della tua tessera giocatore"},
	{"", "Show this code to the organiser at a club night. It stays on this phone, and a backup carries it to another.", "Enseña este código al organizador en una noche de club. Se queda en este teléfono, y una copia de seguridad lo lleva a otro.", "Mostra questo codice all'organizzatore a una serata di club. Resta su questo telefono, e un backup lo porta su un altro."},
	{"", "Change the name", "Cambiar el nombre", "Cambia il nome"},
	{"", "Your name", "Tu nombre", "Il tuo nome"},
	{"", "Your player card is made: show it to the organiser at a club night.", "Tu ficha de jugador está hecha: enséñala al organizador en una noche de club.", "La tua tessera giocatore è pronta: mostrala all'organizzatore a una serata di club."},
	{"", "Your player card has its new name; its key is the same.", "Tu ficha de jugador tiene su nuevo nombre; su clave es la misma.", "La tua tessera giocatore ha il nuovo nome; la sua chiave è la stessa."},
	{"", "Not saved on this device: the browser's storage is full or blocked. Your player card was not made: free some space, then make it again.", "No se ha guardado en este dispositivo: el almacenamiento del navegador está lleno o bloqueado. Tu ficha de jugador no se ha hecho: libera espacio y vuelve a hacerla.", "Non salvato su questo dispositivo: la memoria del browser è piena o bloccata. La tua tessera giocatore non è stata creata: libera spazio, poi creala di nuovo."},
	{"", "; your player card restored", "; tu ficha de jugador restaurada", "; la tua tessera giocatore ripristinata"},
	{"", "%s entered with their player card.", "%s inscrito con su ficha de jugador.", "%s iscritto con la sua tessera giocatore."},
	{"", "Scan a player card", "Escanear una ficha de jugador", "Scansiona una tessera giocatore"},
	{"", "without a card", "sin ficha", "senza tessera"},
}
