// Package infile is the one way gstdesk reads a file a person names: it refuses a folder, and it
// counts bytes as it reads, so a file larger than the reader's limit is refused whatever its size
// says: a pipe, /dev/zero or a device reports no size (or 0) and would otherwise be read until
// the machine runs out of memory.
package infile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"gstdesk/backend/apperr"
)

// Read reads the file at path whole, up to max bytes. advice says what to do with a file too
// large ("split the register by period"). Errors are *apperr.Error of kind Invalid naming the file.
func Read(path string, max int64, advice string) ([]byte, error) {
	f, size, err := Open(path, max, advice)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAll(f, filepath.Base(path), size, max, advice)
}

// Open opens the file at path for reading, refusing a folder and a regular file larger than max;
// size is the file's size when it is a regular file, -1 when it has none to trust (a pipe, a
// device), whose reader must then go through ReadAll or Limit.
func Open(path string, max int64, advice string) (*os.File, int64, error) {
	name := filepath.Base(path)
	st, err := os.Stat(path)
	if err != nil {
		return nil, 0, apperr.Wrap(apperr.Invalid, err, "Cannot open %s: %s; check the path (the file must be on this computer).", path, reason(err))
	}
	if st.IsDir() {
		return nil, 0, apperr.New(apperr.Invalid, "%s is a folder: give the path of a file.", path)
	}
	size := int64(-1)
	if st.Mode().IsRegular() {
		size = st.Size()
		if size > max {
			return nil, 0, TooLarge(name, max, advice)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, apperr.Wrap(apperr.Invalid, err, "Cannot open %s: %s.", path, reason(err))
	}
	return f, size, nil
}

// ReadAll reads r whole, refusing it once it passes max bytes (size is a hint, -1 when unknown).
func ReadAll(r io.Reader, name string, size, max int64, advice string) ([]byte, error) {
	buf := make([]byte, 0, max64(0, min64(size, max))+1)
	for {
		if int64(len(buf)) > max {
			return nil, TooLarge(name, max, advice)
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):min(cap(buf), int(max+1))])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) {
			if int64(len(buf)) > max {
				return nil, TooLarge(name, max, advice)
			}
			return buf, nil
		}
		if err != nil {
			return nil, apperr.Wrap(apperr.Invalid, err, "Cannot read %s: %s.", name, reason(err))
		}
	}
}

// Limit wraps r so that reading past max bytes fails with TooLarge instead of going on.
func Limit(r io.Reader, name string, max int64, advice string) io.Reader {
	return &limited{r: r, left: max, name: name, max: max, advice: advice}
}

type limited struct {
	r            io.Reader
	left, max    int64
	name, advice string
}

func (l *limited) Read(p []byte) (int, error) {
	if l.left < 0 {
		return 0, TooLarge(l.name, l.max, l.advice)
	}
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return 0, TooLarge(l.name, l.max, l.advice)
	}
	return n, err
}

// TooLarge is the refusal of a file larger than max bytes.
func TooLarge(name string, max int64, advice string) error {
	msg := fmt.Sprintf("%s is larger than %s, more than gstdesk reads for this.", name, sizeText(max))
	if advice != "" {
		msg += " " + advice
	}
	return apperr.New(apperr.Invalid, "%s Nothing was imported.", msg)
}

func sizeText(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	if n >= 1<<10 {
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

func reason(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "there is no such file"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

func min64(a, b int64) int64 {
	if a < b {
		return a
	}
	return b
}

func max64(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}
