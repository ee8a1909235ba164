package ui

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
