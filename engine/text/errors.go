package text

// errorRows are the errors a player may read that break no rule of the game: a card that
// cannot be played, a file or a link that cannot be read (engine.Fail, and the engine's own
// fail), and the words they name (a card's numbers, the kinds of file: the "field:" words).
var errorRows = []row{
	{"", "%s of %s", "%s de %s", "%s di %s"},
	{"", "a %s of %d bytes: at most %d", "un %s de %d bytes: como mucho %d", "un %s di %d byte: al massimo %d"},
	{"", "%s %d: want %d to %d", "%s %d: debe ir de %d a %d", "%s %d: deve andare da %d a %d"},

	// A card that cannot be played (R-CARD-1).
	{"", "a card needs a name", "una carta necesita un nombre", "una carta ha bisogno di un nome"},
	{"", "level %d: must be more than 0", "nivel %d: debe ser mayor que 0", "livello %d: deve essere maggiore di 0"},
	{"", "life points %s: must be at least 1", "puntos de vida %s: deben ser al menos 1", "punti vita %s: devono essere almeno 1"},
	{"", "actions %d: must be at least 1", "acciones %d: deben ser al menos 1", "azioni %d: devono essere almeno 1"},
	{"", "recovery %d: must be between 0 and the %d actions", "recuperación %d: debe estar entre 0 y las %d acciones", "recupero %d: deve essere tra 0 e le %d azioni"},
	{"", "recovery 0: a card recovers at least one action, or its recovery varies", "recuperación 0: una carta recupera al menos una acción, o su recuperación varía", "recupero 0: una carta recupera almeno un'azione, o il suo recupero varia"},
	{"", "speed %v/%v: must not be negative", "velocidad %v/%v: no puede ser negativa", "velocità %v/%v: non può essere negativa"},
	{"", "category %q: want Mystic, Fighter or Prowler", "categoría %q: debe ser Místico, Luchador o Acechador", "categoria %q: deve essere Mistico, Combattente o Predatore"},
	{"", "faction %q: want Light, Darkness or Unaligned", "facción %q: debe ser Luz, Oscuridad o Sin alinear", "fazione %q: deve essere Luce, Oscurità o Non allineata"},
	{"", "a summon needs at least 1 Bind point and an affinity (R-SUM-1)", "una invocación necesita al menos 1 punto de Vínculo y una afinidad (R-SUM-1)", "un'evocazione ha bisogno di almeno 1 punto di Vincolo e di un'affinità (R-SUM-1)"},
	{"", "kind %q: want character or summon", "tipo %q: debe ser personaje o invocación", "tipo %q: deve essere personaggio o evocazione"},
	{"", "leader %q: want yes, optional or empty", "líder %q: debe ser sí, opcional o vacío", "leader %q: deve essere sì, facoltativo o vuoto"},
	{"", "ability %q cost %d: want a name and a cost of 0 to %d", "habilidad %q de coste %d: necesita un nombre y un coste de 0 a %d", "abilità %q di costo %d: servono un nome e un costo da 0 a %d"},

	{"", "an advantage card needs a name", "una carta de ventaja necesita un nombre", "una carta vantaggio ha bisogno di un nome"},
	{"", "%s: cost %d: want 0 to %d", "%s: coste %d: debe ir de 0 a %d", "%s: costo %d: deve andare da 0 a %d"},
	{"", "%s: actions %d: want 0 to %d", "%s: acciones %d: debe ir de 0 a %d", "%s: azioni %d: deve andare da 0 a %d"},
	{"", "%s: an organization advantage names its organization", "%s: una ventaja de organización nombra su organización", "%s: un vantaggio di organizzazione nomina la sua organizzazione"},
	{"", "%s: group %q: want Plot, Equipment, Power, Team, Special Abilities or Organization", "%s: grupo %q: debe ser Trama, Equipo, Poder, Equipo de personajes, Habilidades especiales u Organización", "%s: gruppo %q: deve essere Trama, Equipaggiamento, Potere, Squadra, Abilità speciali o Organizzazione"},
	{"", "%q: want a whole number such as 5, or two such as 5/2", "%q: escribe un número entero como 5, o dos como 5/2", "%q: scrivi un numero intero come 5, o due come 5/2"},

	// Upgrades bought for a card.
	{"", "%s is an upgrade of %s", "%s es una mejora de %s", "%s è un potenziamento di %s"},
	{"", "%s is bought twice", "%s se compra dos veces", "%s è acquistato due volte"},
	{"", "%s needs %s", "%s necesita %s", "%s richiede %s"},
	{"", "%s and %s are one choice: keep one", "%s y %s son una sola elección: quédate con una", "%s e %s sono una sola scelta: tienine una"},

	// A game played on two phones: what one phone sends the other.
	{"", "a command this version cannot send", "una orden que esta versión no puede enviar", "un comando che questa versione non può inviare"},
	{"", "a command this version cannot read", "una orden que esta versión no puede leer", "un comando che questa versione non può leggere"},
	{"", "an empty gesture", "un gesto vacío", "un gesto vuoto"},
	{"", "the host's game has not come yet: wait until it shows here", "la partida del anfitrión aún no ha llegado: espera a que aparezca aquí", "la partita dell'anfitrione non è ancora arrivata: aspetta che compaia qui"},
	{"", "this code is not of this game on two phones: scan the code the other phone shows for it", "este código no es de esta partida en dos teléfonos: escanea el que muestra el otro teléfono para ella", "questo codice non è di questa partita su due telefoni: scansiona quello che l'altro telefono mostra per essa"},
	{"", "not saved on this device: no code is shown until the game is saved", "no se ha guardado en este dispositivo: no se muestra ningún código hasta que se guarde la partida", "non salvato su questo dispositivo: nessun codice finché la partita non è salvata"},
	{"", "your game in progress could not be kept on this device: free some space, then join", "tu partida en curso no se ha podido guardar en este dispositivo: libera espacio y únete después", "la tua partita in corso non si è potuta conservare su questo dispositivo: libera spazio, poi unisciti"},
	{"", "%s is played on the other phone", "%s se juega en el otro teléfono", "%s si gioca sull'altro telefono"},
	{"", "a connection description that cannot be paired", "una descripción de conexión que no se puede emparejar", "una descrizione di connessione che non si può abbinare"},
	{"", "not a Gnosis pairing code", "no es un código de emparejamiento de Gnosis", "non è un codice di abbinamento di Gnosis"},
	{"", "a pairing code of version %d: update Gnosis on both phones", "un código de emparejamiento de la versión %d: actualiza Gnosis en los dos teléfonos", "un codice di abbinamento della versione %d: aggiorna Gnosis su entrambi i telefoni"},
	{"", "gesture %d where %d comes next", "el gesto %d cuando toca el %d", "il gesto %d quando tocca il %d"},

	// Files.
	{"", "not a card pack: the file cannot be read", "no es un paquete de cartas: el archivo no se puede leer", "non è un pacchetto di carte: il file non si può leggere"},
	{"", "not a card pack (kind %q): export one from My cards", "no es un paquete de cartas (tipo %q): exporta uno desde Mis cartas", "non è un pacchetto di carte (tipo %q): esportane uno da Le mie carte"},
	{"", "card pack version %d: this version of Gnosis reads version 1; update Gnosis", "paquete de cartas de versión %d: esta versión de Gnosis lee la versión 1; actualiza Gnosis", "pacchetto di carte versione %d: questa versione di Gnosis legge la versione 1; aggiorna Gnosis"},
	{"", "not a party file: the file cannot be read", "no es un archivo de grupo: el archivo no se puede leer", "non è un file di gruppo: il file non si può leggere"},
	{"", "party file version %d: this version of Gnosis reads version %d; update Gnosis", "archivo de grupo de versión %d: esta versión de Gnosis lee la versión %d; actualiza Gnosis", "file di gruppo versione %d: questa versione di Gnosis legge la versione %d; aggiorna Gnosis"},
	{"", "%s %q is not in the catalog; check the spelling or add it as your own card", "%s %q no está en el catálogo; revisa cómo se escribe o añádelo como carta propia", "%s %q non è nel catalogo; controlla come si scrive o aggiungilo come carta tua"},
	{"", "encounter level %d: choose one such as 250 (at most %d)", "nivel de encuentro %d: elige uno como 250 (como mucho %d)", "livello di scontro %d: scegline uno come 250 (al massimo %d)"},
	{"", "%s is an own card; only a catalog card is printed in two sources", "%s es una carta propia; solo una carta del catálogo tiene dos impresiones", "%s è una carta tua; solo una carta del catalogo ha due stampe"},
	{"", "%q is not an upgrade of %s", "%q no es una mejora de %s", "%q non è un potenziamento di %s"},

	// The words these errors name.
	{"field:level", "level", "nivel", "livello"},
	{"field:attack", "attack", "ataque", "attacco"},
	{"field:damage", "damage", "daño", "danno"},
	{"field:defense", "defense", "defensa", "difesa"},
	{"field:armor", "armor", "armadura", "armatura"},
	{"field:life points", "life points", "puntos de vida", "punti vita"},
	{"field:resistance", "resistance", "resistencia", "resistenza"},
	{"field:actions", "actions", "acciones", "azioni"},
	{"field:walk (cm)", "walk (cm)", "paso (cm)", "passo (cm)"},
	{"field:run (cm)", "run (cm)", "carrera (cm)", "corsa (cm)"},
	{"field:summoner level", "summoner level", "nivel de invocador", "livello di evocatore"},
	{"field:summon cost", "summon cost", "coste de invocación", "costo di evocazione"},
	{"field:atman", "atman", "atman", "atman"},
	{"field:bind", "bind", "vínculo", "vincolo"},
	{"field:stability", "stability", "estabilidad", "stabilità"},
	{"field:shock", "shock", "choque", "shock"},
	{"field:order points", "order points", "puntos de orden", "punti ordine"},
	{"field:modifier", "modifier", "modificador", "modificatore"},
	{"field:characters", "characters", "personajes", "personaggi"},
	{"field:advantage cards", "advantage cards", "cartas de ventaja", "carte vantaggio"},
	{"field:summons", "summons", "invocaciones", "evocazioni"},
	{"field:upgrades", "upgrades", "mejoras", "potenziamenti"},
	{"field:party cards", "party cards", "cartas del grupo", "carte del gruppo"},
	{"field:cards", "cards", "cartas", "carte"},
	{"field:party file", "party file", "archivo de grupo", "file di gruppo"},
	{"field:card pack", "card pack", "paquete de cartas", "pacchetto di carte"},
	{"field:backup", "backup", "copia de seguridad", "copia di sicurezza"},
	{"field:game file", "game file", "archivo de partida", "file di partita"},
	{"field:roster", "roster", "lista de ejército", "lista d'armata"},
	{"field:table file", "table file", "archivo de mesa", "file del tavolo"},
	{"field:field file", "field file", "archivo de campo", "file del campo"},
	{"field:character", "character", "el personaje", "il personaggio"},
	{"field:advantage card", "advantage card", "la carta de ventaja", "la carta vantaggio"},
	{"field:pilot", "pilot", "el piloto", "il pilota"},
}

// backupRows are the errors of a backup that cannot be restored (app/store).
var backupRows = []row{
	{"", "not a Gnosis backup: the file cannot be read", "no es una copia de seguridad de Gnosis: el archivo no se puede leer", "non è una copia di sicurezza di Gnosis: il file non si può leggere"},
	{"", "not a Gnosis backup (kind %q): make one with Back up everything", "no es una copia de seguridad de Gnosis (tipo %q): haz una con Copia de seguridad de todo", "non è una copia di sicurezza di Gnosis (tipo %q): fanne una con Backup di tutto"},
	{"", "backup version %d: this Gnosis reads version 1; update Gnosis", "copia de seguridad de versión %d: este Gnosis lee la versión 1; actualiza Gnosis", "copia di sicurezza versione %d: questo Gnosis legge la versione 1; aggiorna Gnosis"},
	{"", "the backup's own card cannot be read: %s", "una carta propia de la copia no se puede leer: %s", "una carta tua della copia non si può leggere: %s"},
	{"", "the backup's army %q cannot be read: %s", "el ejército %q de la copia no se puede leer: %s", "l'armata %q della copia non si può leggere: %s"},
	{"", "the backup's party %q is of version %d; this version of Gnosis reads version %d: update Gnosis", "el grupo %q de la copia es de la versión %d; esta versión de Gnosis lee la versión %d: actualiza Gnosis", "il gruppo %q della copia è della versione %d; questa versione di Gnosis legge la versione %d: aggiorna Gnosis"},
}

// rosterRows are the errors of a BattleScribe roster that cannot be imported (engine/roster).
var rosterRows = []row{
	{"", "not a BattleScribe roster: a damaged zip", "no es una lista de BattleScribe: un zip dañado", "non è una lista di BattleScribe: uno zip danneggiato"},
	{"", "not a BattleScribe roster: %s is damaged or larger than %d bytes", "no es una lista de BattleScribe: %s está dañado o pesa más de %d bytes", "non è una lista di BattleScribe: %s è danneggiato o pesa più di %d byte"},
	{"", "not a BattleScribe roster: the zip holds no .ros file", "no es una lista de BattleScribe: el zip no contiene ningún archivo .ros", "non è una lista di BattleScribe: lo zip non contiene nessun file .ros"},
	{"", "not a BattleScribe roster: the file cannot be read", "no es una lista de BattleScribe: el archivo no se puede leer", "non è una lista di BattleScribe: il file non si può leggere"},
	{"", "not a BattleScribe roster of Anima Tactics: it is for %q", "no es una lista de BattleScribe de Anima Tactics: es de %q", "non è una lista di BattleScribe di Anima Tactics: è di %q"},
	{"", "%q is taken %d times: at most %d", "%q se toma %d veces: como mucho %d", "%q è preso %d volte: al massimo %d"},
	{"", "more than %d %s", "más de %d %s", "più di %d %s"},
}

// linkRows are the errors of a party's or an army's link (engine/share, engine/diskwars).
var linkRows = []row{
	{"", "the link is damaged; ask for it again", "el enlace está dañado; pídelo de nuevo", "il link è danneggiato; richiedilo"},
	{"", "the link holds no party", "el enlace no contiene ningún grupo", "il link non contiene nessun gruppo"},
	{"", "the link holds no army", "el enlace no contiene ningún ejército", "il link non contiene nessuna armata"},
	{"", "the link is cut short; copy all of it", "el enlace está cortado; cópialo entero", "il link è tagliato; copialo tutto"},
	{"", "the link is cut short or changed on its way; copy all of it", "el enlace se cortó o cambió por el camino; cópialo entero", "il link è stato tagliato o cambiato per strada; copialo tutto"},
	{"", "the link is of format %d, newer than this Gnosis; update Gnosis", "el enlace tiene el formato %d, más nuevo que este Gnosis; actualiza Gnosis", "il link ha il formato %d, più nuovo di questo Gnosis; aggiorna Gnosis"},
	{"", "the link is of an unknown format %d", "el enlace tiene un formato desconocido, %d", "il link ha un formato sconosciuto, %d"},
	{"", "the link has unknown settings", "el enlace tiene ajustes desconocidos", "il link ha impostazioni sconosciute"},
	{"", "the link's cards are damaged", "las cartas del enlace están dañadas", "le carte del link sono danneggiate"},
	{"", "the link's army cannot be read", "el ejército del enlace no se puede leer", "l'armata del link non si può leggere"},
	{"", "the link has %d bytes too many", "al enlace le sobran %d bytes", "il link ha %d byte di troppo"},
	{"", "a list of %d items is too long", "una lista de %d elementos es demasiado larga", "un elenco di %d elementi è troppo lungo"},
	{"", "a name is not valid text", "un nombre no es texto válido", "un nome non è testo valido"},
	{"", "an own card is damaged", "una carta propia está dañada", "una carta tua è danneggiata"},
	{"", "an own advantage card is damaged", "una carta de ventaja propia está dañada", "una carta vantaggio tua è danneggiata"},
	{"", "character #%d is not in this Gnosis's catalog; update Gnosis", "el personaje n.º %d no está en el catálogo de este Gnosis; actualiza Gnosis", "il personaggio n. %d non è nel catalogo di questo Gnosis; aggiorna Gnosis"},
	{"", "advantage card #%d is not in this Gnosis's catalog; update Gnosis", "la carta de ventaja n.º %d no está en el catálogo de este Gnosis; actualiza Gnosis", "la carta vantaggio n. %d non è nel catalogo di questo Gnosis; aggiorna Gnosis"},
	{"", "organization #%d is unknown to this Gnosis; update Gnosis", "este Gnosis no conoce la organización n.º %d; actualiza Gnosis", "questo Gnosis non conosce l'organizzazione n. %d; aggiorna Gnosis"},
	{"", "printing #%d is unknown to this Gnosis; update Gnosis", "este Gnosis no conoce la impresión n.º %d; actualiza Gnosis", "questo Gnosis non conosce la stampa n. %d; aggiorna Gnosis"},
	{"", "an unknown pilot", "un piloto desconocido", "un pilota sconosciuto"},
	{"", "an upgrade unknown to this Gnosis; update Gnosis", "una mejora que este Gnosis no conoce; actualiza Gnosis", "un potenziamento che questo Gnosis non conosce; aggiorna Gnosis"},
	{"", "encounter level %d: want 1 to %d", "nivel de encuentro %d: debe ir de 1 a %d", "livello di scontro %d: deve andare da 1 a %d"},
	{"", "not a party to share: version %d, edition %q, level %d", "no es un grupo que se pueda compartir: versión %d, edición %q, nivel %d", "non è un gruppo da condividere: versione %d, edizione %q, livello %d"},
	{"", "this party cannot be shared as a link", "este grupo no se puede compartir como enlace", "questo gruppo non si può condividere come link"},
	{"", "printing %q: want first or second", "impresión %q: debe ser la primera o la segunda", "stampa %q: deve essere la prima o la seconda"},
	{"", "pilot %q is not in the catalog", "el piloto %q no está en el catálogo", "il pilota %q non è nel catalogo"},
	{"", "%q is not an upgrade of %s in the catalog", "%q no es una mejora de %s en el catálogo", "%q non è un potenziamento di %s nel catalogo"},
	{"", "%q is not in the catalog", "%q no está en el catálogo", "%q non è nel catalogo"},
	{"", "advantage card %q is not in the catalog", "la carta de ventaja %q no está en el catálogo", "la carta vantaggio %q non è nel catalogo"},
}
