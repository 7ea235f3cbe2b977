package cli

import (
	"io"
	"sync"
)

// Every byte a command writes to standard output goes through one checkedWriter, which Main puts
// in place of the process's stdout: it remembers the first error of a write (a full disk, a closed
// pipe, /dev/full) and drops what follows, so no command has to check each Fprintf; Main ends a
// command that reported success with exit 1 and says the output could not be written.
// TestStdoutWriteErrorsFail runs every command that prints on such a stream.

// checkedWriter passes writes to w and remembers the first error.
type checkedWriter struct {
	w   io.Writer
	mu  sync.Mutex
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		c.err = err
	}
	return n, err
}

// Err is the first write error, or nil.
func (c *checkedWriter) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// underlying is the writer a checkedWriter wraps (w itself otherwise), for the terminal test.
func underlying(w io.Writer) io.Writer {
	if c, ok := w.(*checkedWriter); ok {
		return c.w
	}
	return w
}
