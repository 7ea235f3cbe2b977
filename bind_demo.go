package main

import "gstdesk/backend/desk"

// OpenDemo fills the demo workspace with its made-up figures the first time it opens (never
// twice, never after the person cleared them) and says what is there.
func (b *Workspaces) OpenDemo() (desk.DemoData, error) { return b.d.OpenDemo(b.ctx) }

// LoadDemo fills the demo workspace with its made-up figures again (nothing when they are there).
func (b *Workspaces) LoadDemo() (desk.DemoData, error) { return b.d.LoadDemo(b.ctx) }

// ClearDemo removes everything the demo workspace holds; its settings stay.
func (b *Workspaces) ClearDemo() (desk.DemoData, error) { return b.d.ClearDemo(b.ctx) }
