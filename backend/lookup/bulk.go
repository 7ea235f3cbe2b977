package lookup

import (
	"context"
	"sync"

	"gstdesk/backend/apperr"
)

// Statuses of a bulk item.
const (
	StatusInvalid   = "invalid"   // failed the local checks: no call made
	StatusDuplicate = "duplicate" // the same GSTIN appears earlier in the list
	StatusCache     = "cache"     // answered from a stored answer
	StatusRemote    = "remote"    // answered by the service (a paid call)
	StatusFailed    = "failed"    // the service gave an error, or the run stopped first
	// StatusNotRegistered is the service's answer that no taxpayer has the GSTIN ("no records",
	// FO8000): a result, counted apart from failures (calls that could not be answered).
	StatusNotRegistered = "not_registered"
)

// BulkItem is one line of a bulk check, in input order.
type BulkItem struct {
	Row    int    `json:"row"` // 1-based position in the input
	Input  string `json:"input"`
	GSTIN  string `json:"gstin"`
	Status string `json:"status"`
	// DuplicateOf is the row of the first occurrence, for duplicates.
	DuplicateOf int    `json:"duplicate_of,omitempty"`
	Answer      Answer `json:"answer"`
}

// BulkSummary says what a bulk check did: what was checked locally, what came from the cache, and
// how many paid calls were made. PaidCalls counts the lookups the service answered with HTTP 2xx,
// each spending a credit whatever gstdesk made of the answer: good data, a business error such as
// "no records" or "try later", or an answer that broke the contract. (A "try later" retried by the
// client spends a credit on each try but counts once.)
type BulkSummary struct {
	Total      int `json:"total"`
	Invalid    int `json:"invalid"`
	Duplicates int `json:"duplicates"`
	Unique     int `json:"unique"`
	FromCache  int `json:"from_cache"`
	PaidCalls  int `json:"paid_calls"` // lookups the service answered with 2xx (credits spent)
	Failed     int `json:"failed"`
	// NotRegistered counts the GSTINs the service says no taxpayer has: answers, not failures.
	NotRegistered int  `json:"not_registered"`
	Cancelled     bool `json:"cancelled"`
}

// Progress reports a long job's progress.
type Progress func(done, total int)

// BulkOptions tune a bulk check.
type BulkOptions struct {
	Op          string // OpSearch (default) or OpVerify
	Fresh       bool   // ignore stored answers
	AcceptCache bool   // let the service answer from its cache (search)
	Workers     int    // concurrent calls (default 4)
	// StopAfter consecutive "service unreachable" failures end the run, marking the rest failed
	// (default 3), so a dropped network does not cost minutes of retries per GSTIN.
	StopAfter int
}

// Plan is what a bulk check of inputs would do, without calling anyone: the local checks, the
// duplicates, the stored answers it would reuse and the paid calls it would make (PaidCalls, at
// most: a call the service does not answer costs nothing). The window and the command line show
// it before the credits are spent.
func (s *Service) Plan(ctx context.Context, inputs []string, opt BulkOptions) BulkSummary {
	if opt.Op == "" {
		opt.Op = OpSearch
	}
	_, sum, remote := s.plan(ctx, inputs, opt)
	sum.PaidCalls = len(remote)
	return sum
}

// plan does the local part of a bulk check: every input checked, duplicates folded, stored answers
// taken; remote lists the items that need a call.
func (s *Service) plan(ctx context.Context, inputs []string, opt BulkOptions) (items []BulkItem, sum BulkSummary, remote []int) {
	items = make([]BulkItem, len(inputs))
	sum = BulkSummary{Total: len(inputs)}
	first := map[string]int{} // GSTIN -> index of first occurrence
	var todo []int
	for i, in := range inputs {
		it := BulkItem{Row: i + 1, Input: in}
		g, bad := CheckGSTIN(in)
		it.GSTIN = g
		switch {
		case bad != nil:
			it.Status, it.Answer = StatusInvalid, Answer{Key: g, Error: bad}
			sum.Invalid++
		case first[g] > 0:
			it.Status, it.DuplicateOf = StatusDuplicate, first[g]
			sum.Duplicates++
		default:
			first[g] = i + 1
			todo = append(todo, i)
		}
		items[i] = it
	}
	sum.Unique = len(todo)
	if opt.Fresh {
		return items, sum, todo
	}
	// Stored answers first: cheap, and they need no network.
	for _, i := range todo {
		c, err := s.load(ctx, opt.Op, items[i].GSTIN)
		if err == nil && c != nil && (s.Offline || s.youngerThan(c.fetchedAt, s.MaxAge)) {
			items[i].Status = StatusCache
			items[i].Answer = Answer{Key: items[i].GSTIN, Source: s.stored(), Stored: true, FetchedAt: c.fetchedAt, TransactionID: c.txn, Data: c.payload}
			sum.FromCache++
			continue
		}
		remote = append(remote, i)
	}
	return items, sum, remote
}

// Bulk checks many GSTINs: local checks first, duplicates folded, stored answers reused, and the
// rest looked up with a few calls in parallel. Items come back in input order. Cancelling ctx stops
// the run; finished answers stay stored and the rest are marked failed.
func (s *Service) Bulk(ctx context.Context, inputs []string, opt BulkOptions, progress Progress) ([]BulkItem, BulkSummary) {
	if opt.Op == "" {
		opt.Op = OpSearch
	}
	if opt.Workers <= 0 {
		opt.Workers = 4
	}
	if opt.StopAfter <= 0 {
		opt.StopAfter = 3
	}
	if progress == nil {
		progress = func(int, int) {}
	}
	items, sum, remote := s.plan(ctx, inputs, opt)
	done := sum.Invalid + sum.Duplicates + sum.FromCache
	progress(done, sum.Total)

	var mu sync.Mutex
	var stopReason *Answer // the answer that ended the run
	consecutive := 0
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < opt.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				var a Answer
				if opt.Op == OpVerify {
					a = s.Verify(ctx, items[i].GSTIN, true)
				} else {
					a = s.Search(ctx, items[i].GSTIN, true, opt.AcceptCache)
				}
				mu.Lock()
				items[i].Answer = a
				if a.paid {
					sum.PaidCalls++
				}
				switch {
				case a.OK() && !a.Stored:
					items[i].Status = StatusRemote
					consecutive = 0
				case a.OK():
					items[i].Status = StatusCache // the service was down; a stored answer stood in
					sum.FromCache++
				case a.NotRegistered():
					items[i].Status = StatusNotRegistered
					sum.NotRegistered++
					consecutive = 0
				default:
					items[i].Status = StatusFailed
					sum.Failed++
					if a.Error.Kind == apperr.Unavailable {
						consecutive++
						if consecutive >= opt.StopAfter && stopReason == nil {
							stopReason = &a
						}
					} else {
						consecutive = 0
					}
				}
				done++
				progress(done, sum.Total) // under the lock, so the counts reach the UI in order
				mu.Unlock()
			}
		}()
	}
	sent := 0
feed:
	for _, i := range remote {
		mu.Lock()
		stop := stopReason != nil
		mu.Unlock()
		if stop {
			break
		}
		select {
		case jobs <- i:
			sent++
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()

	if sent < len(remote) {
		reason := apperr.New(apperr.Canceled, "Not looked up: the check was cancelled.")
		if stopReason != nil {
			reason = stopped(*stopReason)
		} else {
			sum.Cancelled = true
		}
		for _, i := range remote[sent:] {
			items[i].Status = StatusFailed
			items[i].Answer = Answer{Key: items[i].GSTIN, Error: reason}
			sum.Failed++
			done++
		}
		progress(done, sum.Total)
	}
	// Duplicates share the answer of their first occurrence.
	for i := range items {
		if items[i].Status == StatusDuplicate {
			items[i].Answer = items[items[i].DuplicateOf-1].Answer
		}
	}
	return items, sum
}

// stopped is the reason given to the GSTINs not looked up after a run of failures ended with a:
// the service answering wrongly, the tax network asking to try later, or no answer at all.
func stopped(a Answer) *apperr.Error {
	switch {
	case a.broken:
		return apperr.New(apperr.Unavailable, "Not looked up: the GST service's answers broke its contract several times in a row (%s). gstdesk stopped so as not to spend more credits on answers it cannot use; run the check again later, and report it with the transaction id if it repeats. Finished answers are kept.", a.Error.Message)
	case a.paid:
		return apperr.New(apperr.Unavailable, "Not looked up: the GST network asked several times in a row to try later (%s). Run the check again in a few minutes; finished answers are kept.", a.Error.Message)
	}
	return apperr.New(apperr.Unavailable, "Not looked up: the GST service stopped answering (%s). Run the check again when it is back; finished answers are kept.", a.Error.Message)
}
