package text

// shelfRows are the shelf's texts: the kept games, their records across games, the season's
// luck, and what a game file or a full storage says.
var shelfRows = []row{
	{"", "Kept on the shelf.", "Guardada en la estantería.", "Conservata nello scaffale."},
	{"", "Game deleted from the shelf.", "Partida borrada de la estantería.", "Partita eliminata dallo scaffale."},
	{"", "The game is back on the shelf.", "La partida ha vuelto a la estantería.", "La partita è tornata nello scaffale."},
	{"", "That game was on the shelf already: it is kept as the file has it.", "Esa partida ya estaba en la estantería: se guarda como la tiene el archivo.", "Quella partita era già nello scaffale: è conservata come la ha il file."},
	{"", "The game is on the shelf.", "La partida está en la estantería.", "La partita è nello scaffale."},
	{"", "%d game added to the shelf", "%d partida añadida a la estantería", "%d partita aggiunta allo scaffale"},
	{"", "%d games added to the shelf", "%d partidas añadidas a la estantería", "%d partite aggiunte allo scaffale"},
	{"", "%d kept game could not be read", "%d partida guardada no se pudo leer", "%d partita conservata non si è potuta leggere"},
	{"", "%d kept games could not be read", "%d partidas guardadas no se pudieron leer", "%d partite conservate non si sono potute leggere"},
	{"", "The last game could not be kept on the shelf: the storage is full. Share it as a file or delete games from the shelf, then start again.", "La última partida no se pudo guardar en la estantería: el almacenamiento está lleno. Compártela como archivo o borra partidas de la estantería, y vuelve a empezar.", "L'ultima partita non si è potuta conservare nello scaffale: lo spazio è pieno. Condividila come file o elimina partite dallo scaffale, poi ricomincia."},
	{"", "That game is not on the shelf.", "Esa partida no está en la estantería.", "Quella partita non è nello scaffale."},
	{"", "That game's log cannot be read: it stays on the shelf.", "El registro de esa partida no se puede leer: se queda en la estantería.", "Il registro di quella partita non si può leggere: resta nello scaffale."},
	{"", "not a Gnosis game file: it cannot be read", "no es un archivo de partida de Gnosis: no se puede leer", "non è un file di partita di Gnosis: non si può leggere"},
	{"", "not a Gnosis game file (kind %q, version %d)", "no es un archivo de partida de Gnosis (tipo %q, versión %d)", "non è un file di partita di Gnosis (tipo %q, versione %d)"},
	{"", "the game file's log cannot be read", "el registro del archivo de partida no se puede leer", "il registro del file di partita non si può leggere"},
	{"", "the game file's log cannot be replayed", "el registro del archivo de partida no se puede reproducir", "il registro del file di partita non si può riprodurre"},
	{"", "the game file holds no game played", "el archivo de partida no tiene ninguna partida jugada", "il file di partita non contiene nessuna partita giocata"},
}
