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
}
