package store

// exchange swaps the two sides' reports, and why each could not be read,
// and pairs them anew. The view's Swap says whether they are the other
// way round from how the page was given them; the caller keeps it.
func (s *Store) exchange() {
	s.reports[0], s.reports[1] = s.reports[1], s.reports[0]
	s.failed[0], s.failed[1] = s.failed[1], s.failed[0]
	s.rebuild()
}
