package engine

// messages holds each party violation in English, Spanish and Italian (the game's
// languages), worded to say how to fix it. The arguments are filled in with fmt.
var messages = map[string]map[string]string{
	"over-levels": {
		"en": "The characters cost %d levels, %d over the encounter level of %d: remove a character or raise the encounter level.",
		"es": "Los personajes cuestan %d niveles, %d más que el nivel de encuentro de %d: quita un personaje o sube el nivel de encuentro.",
		"it": "I personaggi costano %d livelli, %d oltre il livello dello scontro di %d: togli un personaggio o alza il livello dello scontro.",
	},
	"over-total": {
		"en": "Characters and advantage cards cost %d, %d over the %d levels plus %d advantage points: remove an advantage card.",
		"es": "Personajes y cartas de ventaja cuestan %d, %d más que los %d niveles y %d puntos de ventaja: quita una carta de ventaja.",
		"it": "Personaggi e carte vantaggio costano %d, %d oltre i %d livelli più %d punti vantaggio: togli una carta vantaggio.",
	},
	"leaders": {
		"en": "%s is one of %d leaders, but %d levels allow %d: field fewer leaders or raise the encounter level.",
		"es": "%s es uno de %d líderes, pero %d niveles permiten %d: lleva menos líderes o sube el nivel de encuentro.",
		"it": "%s è uno di %d leader, ma %d livelli ne consentono %d: schiera meno leader o alza il livello dello scontro.",
	},
	"leader-one": {
		"en": "%s is a leader, but %d levels allow no leader (one per full 250): field it in a larger encounter or remove it.",
		"es": "%s es líder, pero %d niveles no permiten ningún líder (uno por cada 250): llévalo en un encuentro mayor o quítalo.",
		"it": "%s è un leader, ma %d livelli non consentono leader (uno ogni 250): schieralo in uno scontro più grande o toglilo.",
	},
	"agent-one": {
		"en": "%s is an agent, but %d levels allow no agent (one per full 150): remove it or raise the encounter level.",
		"es": "%s es un agente, pero %d niveles no permiten ningún agente (uno por cada 150): quítalo o sube el nivel de encuentro.",
		"it": "%s è un agente, ma %d livelli non consentono agenti (uno ogni 150): toglilo o alza il livello dello scontro.",
	},
	"duplicate": {
		"en": "%s is already in the party (entry %d): each character is unique, remove one.",
		"es": "%s ya está en el grupo (entrada %d): cada personaje es único, quita uno.",
		"it": "%s è già nel gruppo (voce %d): ogni personaggio è unico, togline uno.",
	},
	"agents": {
		"en": "%s is one of %d agents, but %d levels allow %d (one per full 150): remove an agent.",
		"es": "%s es uno de %d agentes, pero %d niveles permiten %d (uno por cada 150): quita un agente.",
		"it": "%s è uno di %d agenti, ma %d livelli ne consentono %d (uno ogni 150): togli un agente.",
	},
	"factions-light": {
		"en": "%s is of the Light and cannot fight beside Darkness (%s): remove one side, or choose an organization party.",
		"es": "%s es de la Luz y no puede luchar junto a la Oscuridad (%s): quita un bando o elige un grupo de organización.",
		"it": "%s è della Luce e non può combattere accanto alla Tenebra (%s): togli una parte o scegli un gruppo di organizzazione.",
	},
	"factions-dark": {
		"en": "%s is of the Darkness and cannot fight beside Light (%s): remove one side, or choose an organization party.",
		"es": "%s es de la Oscuridad y no puede luchar junto a la Luz (%s): quita un bando o elige un grupo de organización.",
		"it": "%s è della Tenebra e non può combattere accanto alla Luce (%s): togli una parte o scegli un gruppo di organizzazione.",
	},
	"org-advantage-faction": {
		"en": "%s is an organization advantage of %s: choose that organization for the party, or remove it.",
		"es": "%s es una ventaja de organización de %s: elige esa organización para el grupo o quítala.",
		"it": "%s è un vantaggio di organizzazione di %s: scegli quell'organizzazione per il gruppo o toglilo.",
	},
	"organization": {
		"en": "%s belongs to %s, not %s: an organization party takes only its own characters and one Wanderer.",
		"es": "%s pertenece a %s, no a %s: un grupo de organización solo admite sus personajes y un Errante.",
		"it": "%s appartiene a %s, non a %s: un gruppo di organizzazione accetta solo i suoi personaggi e un Errante.",
	},
	"wanderers": {
		"en": "%s is one of %d Wanderers: an organization party takes at most one, remove the others.",
		"es": "%s es uno de %d Errantes: un grupo de organización admite como mucho uno, quita los demás.",
		"it": "%s è uno di %d Erranti: un gruppo di organizzazione ne accetta al massimo uno, togli gli altri.",
	},
	"org-advantage-wrong": {
		"en": "%s is an organization advantage of %s, not of %s: remove it.",
		"es": "%s es una ventaja de organización de %s, no de %s: quítala.",
		"it": "%s è un vantaggio di organizzazione di %s, non di %s: toglilo.",
	},
	"org-advantage-count": {
		"en": "%d organization advantages, but a %d-level game gives %d: remove one.",
		"es": "%d ventajas de organización, pero una partida de %d niveles da %d: quita una.",
		"it": "%d vantaggi di organizzazione, ma una partita da %d livelli ne dà %d: togline uno.",
	},
	"advantage-count": {
		"en": "%d advantage cards for %d characters: advantage cards never outnumber the characters, remove a card or add a character.",
		"es": "%d cartas de ventaja para %d personajes: nunca puede haber más cartas de ventaja que personajes, quita una carta o añade un personaje.",
		"it": "%d carte vantaggio per %d personaggi: le carte vantaggio non superano mai i personaggi, togli una carta o aggiungi un personaggio.",
	},
	"assign": {
		"en": "%s is one of the %s cards: assign it to a character.",
		"es": "%s es una carta de %s: asígnala a un personaje.",
		"it": "%s è una carta %s: assegnala a un personaggio.",
	},
	"only": {
		"en": "%s is only for %s, not %s: give it to another character.",
		"es": "%s es solo para %s, no para %s: dásela a otro personaje.",
		"it": "%s è solo per %s, non per %s: dalla a un altro personaggio.",
	},
	"keep-with-party": {
		"en": "%s is one of the %s cards: keep it with the party, not on a character.",
		"es": "%s es una carta de %s: déjala en el grupo, no en un personaje.",
		"it": "%s è una carta %s: tienila nel gruppo, non su un personaggio.",
	},
	"one-each": {
		"en": "%s carries %d equipment or power cards: at most one each, move or remove the others.",
		"es": "%s lleva %d cartas de equipo o poder: como mucho una por personaje, mueve o quita las demás.",
		"it": "%s porta %d carte equipaggiamento o potere: al massimo una a testa, sposta o togli le altre.",
	},
	"summon-alone": {
		"en": "%s is a summon: assign it to a summoner instead of fielding it.",
		"es": "%s es una invocación: asígnala a un invocador en lugar de desplegarla.",
		"it": "%s è un'evocazione: assegnala a un evocatore invece di schierarla.",
	},
	"not-summoner": {
		"en": "%s is not a summoner: assign its summons to a summoner.",
		"es": "%s no es invocador: asigna sus invocaciones a un invocador.",
		"it": "%s non è un evocatore: assegna le sue evocazioni a un evocatore.",
	},
	"not-summon": {
		"en": "%s is not a summon card: add it as a character.",
		"es": "%s no es una carta de invocación: añádela como personaje.",
		"it": "%s non è una carta evocazione: aggiungila come personaggio.",
	},
	"affinity": {
		"en": "%s cannot call %s: its affinity (%s) is not among the summoner's (%s).",
		"es": "%s no puede invocar a %s: su afinidad (%s) no está entre las del invocador (%s).",
		"it": "%s non può evocare %s: la sua affinità (%s) non è tra quelle dell'evocatore (%s).",
	},
	"restricted": {
		"en": "%s serves only %s: remove it from this party.",
		"es": "%s solo sirve a %s: quítala de este grupo.",
		"it": "%s serve solo %s: toglila da questo gruppo.",
	},
	"summoner-level": {
		"en": "%s is a level %d summoner with %d summons: one per level, remove one.",
		"es": "%s es invocador de nivel %d con %d invocaciones: una por nivel, quita una.",
		"it": "%s è un evocatore di livello %d con %d evocazioni: una per livello, togline una.",
	},
}

// groupNames are the advantage groups in Spanish and Italian.
var groupNames = map[string]map[AdvantageGroup]string{
	"es": {Plot: "Trama", Equipment: "Equipo", Power: "Poder", Team: "Equipo de personajes", SpecialAbility: "Habilidad especial", OrganizationAdvantage: "Organización"},
	"it": {Plot: "Trama", Equipment: "Equipaggiamento", Power: "Potere", Team: "Squadra", SpecialAbility: "Abilità speciale", OrganizationAdvantage: "Organizzazione"},
}
