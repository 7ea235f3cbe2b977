package overview

// Test hooks of the week kept in the database (week_derived.go).

// SetKeepWeek turns reading and writing the week kept in the database on or off.
func SetKeepWeek(on bool) { keepWeek = on }

// SetWeekKeyLeaves leaves a part ("table4", "calendars", "ims") out of the week's digest: a broken key.
func SetWeekKeyLeaves(part string) { weekKeyLeaves = part }

// KeptWeekReads counts the weeks read from the database so far.
func KeptWeekReads() int64 { return keptWeekReads.Load() }
