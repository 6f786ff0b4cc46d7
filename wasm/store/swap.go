package store

// exchange swaps the two sides' reports, and why each could not be read,
// and pairs them anew, as Swap does, for a view restored with the other
// Swap (the back button): the view says it already.
func (s *Store) exchange() {
	s.reports[0], s.reports[1] = s.reports[1], s.reports[0]
	s.tools[0], s.tools[1] = s.tools[1], s.tools[0]
	s.failed[0], s.failed[1] = s.failed[1], s.failed[0]
	s.rebuild()
}
