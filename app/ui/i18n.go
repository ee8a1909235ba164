package ui

// t translates an English text of the interface into the player's language.
func (c *Root) t(s string) string { return tr(c.lang, s) }

// tr translates s into lang ("es" or "it"); English and anything unknown stay as they are.
func tr(lang, s string) string {
	if lang == "en" || lang == "" {
		return s
	}
	if v, ok := texts[s]; ok {
		switch lang {
		case "es":
			return v[0]
		case "it":
			return v[1]
		}
	}
	return s
}
