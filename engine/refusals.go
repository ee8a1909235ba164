package engine

import "errors"

// In returns the refusal in lang ("en", "es" or "it", or a browser language tag): in English
// its own message; in Spanish and Italian the rule and what it forbids, in the player's
// language (the English message's names and numbers are not repeated). A rule without a
// translation keeps the English message.
func (e *RuleError) In(lang string) string {
	lang = Lang(lang)
	if lang == "en" {
		return e.Error()
	}
	pick := func(es, it string) string {
		text := it
		if lang == "es" {
			text = es
		}
		if e.Rule == "" {
			return text
		}
		return e.Rule + ": " + text
	}
	for _, s := range sentinelTexts {
		if errors.Is(e.Err, s.err) {
			return pick(s.es, s.it)
		}
	}
	for _, r := range refusalTexts {
		if r.rule == e.Rule {
			return pick(r.es, r.it)
		}
	}
	return e.Error()
}

// sentinelTexts say refusals whose sentinel tells the whole story, whatever the rule. These
// tables are slices of plain strings, not maps, so that they cost app.wasm data, not code.
var sentinelTexts = []struct {
	err    error
	es, it string
}{
	{ErrGameOver, "la partida ha terminado: empieza otra.", "la partita è finita: iniziane un'altra."},
	{ErrWrongPhase, "eso no se hace en esta fase.", "questo non si fa in questa fase."},
	{ErrEdition, "es una regla de la edición alfa: elige la edición alfa.", "è una regola dell'edizione alfa: scegli l'edizione alfa."},
	{ErrNoDice, "faltan dados: tira en la app o introduce cada dado, de 1 a 10.", "mancano dadi: tira nell'app o inserisci ogni dado, da 1 a 10."},
	{ErrCharacterRemoved, "el personaje no está en la mesa.", "il personaggio non è sul tavolo."},
	{ErrNoSuchCharacter, "ese personaje no está en esta partida.", "quel personaggio non è in questa partita."},
	{ErrBadSetup, "la partida no puede empezar con estos grupos o estas opciones.", "la partita non può iniziare con questi gruppi o queste opzioni."},
}

// refusalTexts say, per rule, what the rule forbids, in Spanish and Italian (summaries in our
// own words of ../shared/RULES.md). TestEveryRefusalIsTranslated checks that every rule the
// engine refuses with has both.
var refusalTexts = []struct{ rule, es, it string }{
	{"R-ACT-1", "no quedan Acciones suficientes para eso.", "non restano abbastanza Azioni per questo."},
	{"R-ACT-2",
		"un solo movimiento por turno (caminar, correr, cargar, empujar, trepar, embestir o movimiento libre) y Buscar una vez por turno.",
		"un solo movimento per turno (camminare, correre, caricare, spingere, arrampicarsi, travolgere o movimento libero) e Cercare una volta per turno."},
	{"R-ACT-3", "un personaje trabado en cuerpo a cuerpo no se mueve hasta que escapa.", "un personaggio ingaggiato in mischia non si muove finché non fugge."},
	{"R-ARB-1", "solo un Árbitro da órdenes, con los puntos de Orden que le quedan este turno.", "solo un Arbitro dà ordini, con i punti Ordine che gli restano in questo turno."},
	{"R-ATK-1", "un ataque necesita un objetivo enemigo y sus dados.", "un attacco richiede un bersaglio nemico e i suoi dadi."},
	{"R-ATK-4", "un crítico sale con un 10 (o un 9 con Maestría en Críticos).", "un critico esce con un 10 (o un 9 con Maestria nei Critici)."},
	{"R-ATK-6",
		"un ataque a distancia necesita Ataque a Distancia, no se hace trabado en cuerpo a cuerpo y no admite contraataque: solo esquivar.",
		"un attacco a distanza richiede Attacco a Distanza, non si fa in mischia e non ammette contrattacco: solo schivare."},
	{"R-ATK-7", "un ataque de área es un ataque a distancia, y solo esquiva quien puede esquivar.", "un attacco ad area è un attacco a distanza, e schiva solo chi può schivare."},
	{"R-ATK-8", "el cuerpo a cuerpo es entre enemigos en contacto de peana: carga o muévete antes.", "la mischia è tra nemici a contatto di basetta: carica o muoviti prima."},
	{"R-ATK-9",
		"intercepta una carga un enemigo del atacante que no sea su objetivo, no trabado, una vez por turno; a un volador, solo otro volador.",
		"intercetta una carica un nemico di chi carica che non ne sia il bersaglio, non ingaggiato, una volta per turno; un volatore, solo un altro volatore."},
	{"R-ATK-10", "un escudo humano solo recibe ataques a distancia dirigidos a un aliado.", "uno scudo umano riceve solo attacchi a distanza diretti a un alleato."},
	{"R-ATK-11", "con 0 PV el personaje sale del juego; los PV no bajan de 0.", "a 0 PV il personaggio esce dal gioco; i PV non scendono sotto 0."},
	{"R-CAP-1", "el personaje es inmune a ese estado.", "il personaggio è immune a quello stato."},
	{"R-CAP-2", "un acumulador de daño no esquiva ni contraataca.", "un accumulatore di danno non schiva né contrattacca."},
	{"R-CAP-5", "el recorrido de la proyección no es válido: obstáculos conocidos y en orden.", "il percorso della proiezione non è valido: ostacoli noti e in ordine."},
	{"R-CARD-1", "la carta tiene valores que no son válidos.", "la carta ha valori non validi."},
	{"R-GNO-1", "no quedan puntos de Gnosis este turno.", "non restano punti Gnosis in questo turno."},
	{"R-GNO-2", "la Gnosis se gasta en una tirada: el defensor solo tira para esquivar o contraatacar.", "la Gnosis si spende su un tiro: il difensore tira solo per schivare o contrattaccare."},
	{"R-HIDE-1", "un personaje oculto no es objetivo ni intercepta, y nadie se oculta en la Zona de Control de un enemigo.", "un personaggio nascosto non è bersaglio né intercetta, e nessuno si nasconde nella Zona di Controllo di un nemico."},
	{"R-MEAS-1", "la distancia supera el movimiento del personaje.", "la distanza supera il movimento del personaggio."},
	{"R-PARTY-9", "las cartas de Equipo y Poder van en su personaje; sus usos se cuentan de uno en uno y no bajan de 0.", "le carte Equipaggiamento e Potere stanno sul loro personaggio; gli usi si contano uno alla volta e non scendono sotto 0."},
	{"R-PARTY-10", "una invocación pertenece al invocador al que se asignó.", "un'evocazione appartiene all'evocatore a cui è assegnata."},
	{"R-SCN-1", "los nodos de poder son del escenario de nodos, y no hay más que los de la mesa.", "i nodi di potere sono dello scenario dei nodi, e non ce ne sono più di quelli sul tavolo."},
	{"R-SCN-2", "las banderas son del escenario de capturar la bandera, y solo su portador la lleva a casa.", "le bandiere sono dello scenario cattura la bandiera, e solo il portatore la riporta a casa."},
	{"R-SETUP-4", "la partida necesita personajes en los grupos.", "la partita richiede personaggi nei gruppi."},
	{"R-SETUP-5", "empieza el bando 1 o el 2.", "inizia lo schieramento 1 o il 2."},
	{"R-SETUP-7",
		"la infiltración es de la edición alfa: como mucho la mitad del grupo, un marcador por personaje, revelados desde el turno 2 en la fase de Recuperación.",
		"l'infiltrazione è dell'edizione alfa: al massimo metà del gruppo, un segnalino per personaggio, rivelati dal turno 2 nella fase di Recupero."},
	{"R-STATE-1", "un estado tiene un tipo conocido y 0 o más contadores.", "uno stato ha un tipo noto e 0 o più segnalini."},
	{"R-STATE-4", "los PV nunca superan los PV iniciales.", "i PV non superano mai i PV iniziali."},
	{"R-STATE-6", "Parálisis: ninguna acción este turno, ni libre ni reactiva; Sello: sin habilidades especiales.", "Paralisi: nessuna azione in questo turno, né libera né reattiva; Sigillo: niente abilità speciali."},
	{"R-STATE-8", "un Berserker empieza cargando contra el enemigo más cercano, gasta todas sus Acciones atacando y no se defiende.", "un Berserker comincia caricando il nemico più vicino, spende tutte le Azioni attaccando e non si difende."},
	{"R-STATE-9", "un personaje aturdido no se activa este turno.", "un personaggio stordito non si attiva in questo turno."},
	{"R-SUM-1", "la carta de invocación tiene valores que no son válidos.", "la carta evocazione ha valori non validi."},
	{"R-SUM-2",
		"la invocación ya está en la mesa, o su sitio no está en la Zona de Control del invocador a más de 5 cm de otros personajes.",
		"l'evocazione è già sul tavolo, o il suo posto non è nella Zona di Controllo dell'evocatore a più di 5 cm da altri personaggi."},
	{"R-TURN-1", "una partida dura al menos un turno.", "una partita dura almeno un turno."},
	{"R-TURN-2", "las Acciones nunca superan el total del personaje.", "le Azioni non superano mai il totale del personaggio."},
	{"R-TURN-3", "el personaje no mantiene esa habilidad.", "il personaggio non mantiene quell'abilità."},
	{"R-TURN-4",
		"en la fase de Acción los bandos se alternan: se activa un personaje aún no activado del bando al que le toca, y su activación termina antes de otra.",
		"nella fase di Azione gli schieramenti si alternano: si attiva un personaggio non ancora attivato dello schieramento di turno, e la sua attivazione finisce prima di un'altra."},
	{"R-TURN-5", "elige un escenario: estándar, nodos de poder, capturar la bandera o armagedón.", "scegli uno scenario: standard, nodi di potere, cattura la bandiera o armageddon."},
}
