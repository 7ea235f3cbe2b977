package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
)

// LogFileName is the name of gstdesk's log in the data directory: the window logs there, and a
// command writes the details of an internal error there before naming the file.
const LogFileName = "gstdesk.log"

// Modes of what gstdesk keeps in the data directory: only the user may read it (GST numbers,
// purchase registers, salaries, session tokens). Windows ignores them.
const (
	DirMode  fs.FileMode = 0o700
	FileMode fs.FileMode = 0o600
)

// LogPath is where the log of the data directory dir is.
func LogPath(dir string) string { return filepath.Join(dir, LogFileName) }

// OpenLog opens the log of the data directory for appending, creating the directory (0700) and
// the file (0600) when absent; the path it returns is where the file really is.
func OpenLog(dir string) (*os.File, string, error) {
	path := LogPath(dir)
	if err := os.MkdirAll(dir, DirMode); err != nil {
		return nil, path, err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, FileMode)
	if err != nil {
		return nil, path, err
	}
	tighten(path, FileMode)
	return f, path, nil
}

// AppendLog appends line to the log of the data directory and returns the log's path.
func AppendLog(dir, line string) (string, error) {
	f, path, err := OpenLog(dir)
	if err != nil {
		return path, err
	}
	if _, err := f.WriteString(line); err != nil {
		f.Close()
		return path, err
	}
	return path, f.Close()
}

// prepareDir creates the data directory 0700, or tightens one that exists with access for the
// group or others to 0700, and returns a notice saying so (once: after that it is 0700). When it
// cannot be tightened (a folder the user does not own) the notice says what to do.
func prepareDir(dir string) (string, error) {
	if err := os.MkdirAll(dir, DirMode); err != nil {
		return "", fmt.Errorf("store: create data directory %s: %w", dir, err)
	}
	if runtime.GOOS == "windows" {
		return "", nil
	}
	st, err := os.Stat(dir)
	if err != nil {
		return "", fmt.Errorf("store: data directory %s: %w", dir, err)
	}
	if st.Mode().Perm()&0o077 == 0 {
		return "", nil
	}
	was := st.Mode().Perm()
	if err := os.Chmod(dir, DirMode); err != nil {
		return fmt.Sprintf("The data folder %s can be read by other users of this computer (mode %04o) and could not be made private: %v. Run: chmod 700 %q", dir, was, err, dir), nil
	}
	return fmt.Sprintf("The data folder %s could be read by other users of this computer (mode %04o); it is now private to you (0700).", dir, was), nil
}

// tighten removes the group's and others' access to a file that exists (the database, its WAL
// and shared-memory files, the log); a file that is absent or cannot be changed is left as it is.
func tighten(path string, mode fs.FileMode) {
	if runtime.GOOS == "windows" {
		return
	}
	if st, err := os.Stat(path); err == nil && st.Mode().Perm()&^mode != 0 {
		os.Chmod(path, mode)
	}
}

// createDBFile makes the database file 0600 before SQLite first opens it (SQLite would create it
// 0644 through the umask, and gives the -wal and -shm files the mode of the database), and
// reports whether it made it. An existing file with wider access is tightened.
func createDBFile(path string) (bool, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, FileMode)
	if errors.Is(err, fs.ErrExist) {
		tighten(path, FileMode)
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("store: create %s: %w", path, err)
	}
	return true, f.Close()
}

// initNewDB writes the header of a database gstdesk has just created with incremental auto-vacuum,
// so the space of removed runs can be given back to the disk (PRAGMA incremental_vacuum) without
// ever rewriting the file. auto_vacuum must be chosen before the first table exists, on the
// connection that creates it, and before the WAL switch writes page 1.
func initNewDB(ctx context.Context, path string) error {
	dsn := "file:" + filepath.ToSlash(path) + "?_pragma=busy_timeout(5000)"
	sqldb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return err
	}
	defer sqldb.Close()
	conn, err := sqldb.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	for _, q := range []string{`PRAGMA auto_vacuum = INCREMENTAL`, createMigrationsTable, `PRAGMA journal_mode = WAL`} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("store: initialise %s: %w", path, err)
		}
	}
	return nil
}

// sidecars are the files SQLite keeps beside the database in WAL mode.
var sidecars = []string{"-wal", "-shm"}

// tightenDBFiles makes the database and its WAL and shared-memory files 0600 (files an older
// gstdesk or SQLite itself made with the umask's mode).
func tightenDBFiles(path string) {
	tighten(path, FileMode)
	for _, s := range sidecars {
		tighten(path+s, FileMode)
	}
}
