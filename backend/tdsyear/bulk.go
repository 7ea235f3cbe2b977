package tdsyear

import (
	"context"
	"database/sql"
	"strings"
)

// bulk sends multi-row INSERTs ("head VALUES (...),(...) tail") in a transaction, rows rows of cols
// values at a time: a 100,000-employee month is about 1,600 statements instead of 100,000.
type bulk struct {
	ctx        context.Context
	tx         *sql.Tx
	head, tail string
	cols, rows int
	full       *sql.Stmt
	args       []any
}

func newBulk(ctx context.Context, tx *sql.Tx, head, tail string, cols, rows int) (*bulk, error) {
	b := &bulk{ctx: ctx, tx: tx, head: head, tail: tail, cols: cols, rows: rows, args: make([]any, 0, cols*rows)}
	st, err := tx.PrepareContext(ctx, b.sql(rows))
	if err != nil {
		return nil, err
	}
	b.full = st
	return b, nil
}

func (b *bulk) sql(n int) string {
	var sb strings.Builder
	sb.WriteString(b.head)
	sb.WriteString(" VALUES ")
	row := "(" + strings.Repeat("?,", b.cols-1) + "?)"
	for i := range n {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(row)
	}
	sb.WriteString(b.tail)
	return sb.String()
}

// add adds one row's values (cols of them), sending the statement when rows rows are in.
func (b *bulk) add(vals ...any) error {
	b.args = append(b.args, vals...)
	if len(b.args) == cap(b.args) {
		return b.flush()
	}
	return nil
}

// flush sends the rows added since the last one.
func (b *bulk) flush() error {
	if len(b.args) == 0 {
		return nil
	}
	var err error
	if len(b.args) == b.cols*b.rows {
		_, err = b.full.ExecContext(b.ctx, b.args...)
	} else {
		_, err = b.tx.ExecContext(b.ctx, b.sql(len(b.args)/b.cols), b.args...)
	}
	b.args = b.args[:0]
	return err
}

func (b *bulk) close() { b.full.Close() }
