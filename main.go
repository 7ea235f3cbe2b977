// gstdesk: GST lookups, GSTR-2A review and salary TDS for accountants, local-first.
//
// With no arguments it opens the window; with a subcommand (gstdesk version, gstdesk gst ...,
// gstdesk tds ...) it runs the command line and exits, so a plain `go build` binary works on a
// server with no display.
package main

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/wailsapp/wails/v2"
	"github.com/wailsapp/wails/v2/pkg/options"
	"github.com/wailsapp/wails/v2/pkg/options/assetserver"

	"gstdesk/backend/apperr"
	"gstdesk/backend/cli"
	"gstdesk/backend/store"
)

//go:embed all:frontend/dist
var assets embed.FS

func main() {
	if args := os.Args[1:]; cli.IsCommand(args) {
		os.Exit(cli.Main(context.Background(), cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}, args))
	}
	log := openLog()
	app := NewApp(log)
	err := wails.Run(&options.App{
		Title:            "gstdesk",
		Width:            1280,
		Height:           800,
		MinWidth:         960,
		MinHeight:        600,
		AssetServer:      &assetserver.Options{Assets: assets},
		BackgroundColour: &options.RGBA{R: 248, G: 249, B: 251, A: 1},
		OnStartup:        app.startup,
		OnShutdown:       app.shutdown,
		Bind:             app.Bindings(),
		ErrorFormatter:   func(err error) any { return formatError(log, err) },
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "gstdesk:", err)
		os.Exit(1)
	}
}

// formatError is the one place a Go error becomes what the UI's rejected promise carries:
// {kind, message} as JSON text. (Wails' runtime wraps the formatted value in `new Error(...)`, so
// an object would arrive as "[object Object]"; the UI parses the text back.) Internal errors keep
// their detail in the log, not on screen.
func formatError(log *slog.Logger, err error) any {
	p := apperr.Window.Public(err)
	var e *apperr.Error
	if p.Kind == apperr.Internal || !errors.As(err, &e) {
		before := logSink.failures.Load()
		log.Error("internal error", "err", err.Error())
		if logPath != "" && p.Kind == apperr.Internal {
			msg := strings.TrimSuffix(p.Message, " The details are in the log.")
			if logSink.failures.Load() != before {
				// The log could not be written (a full disk): the details are said here, never
				// "in the log" where they are not.
				p.Message = fmt.Sprintf("%s Details (the log %s could not be written: %v): %v", msg, logPath, logSink.lastErr(), err)
			} else {
				p.Message = msg + " The details are in the log: " + logPath
			}
		}
	}
	b, _ := json.Marshal(p)
	return string(b)
}

// logPath is where openLog's file is ("" when the log goes to standard error): internal errors
// name it, so "the details are in the log" can be followed.
var logPath string

// openLog writes the log to gstdesk.log in the data directory (never secrets: nothing logs them).
func openLog() *slog.Logger {
	if dir, err := store.DataDir(); err == nil {
		if f, path, err := store.OpenLog(dir); err == nil {
			logPath = path
			logSink.w = f
			return slog.New(slog.NewTextHandler(&logSink, nil))
		}
	}
	return slog.New(slog.NewTextHandler(os.Stderr, nil))
}

// sinkWriter is the log file that counts the writes that failed (a full disk), so an error's
// message never sends a person to a log that does not hold it.
type sinkWriter struct {
	w        io.Writer
	failures atomic.Int64
	mu       sync.Mutex
	err      error
}

var logSink sinkWriter

func (s *sinkWriter) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	if err != nil {
		s.mu.Lock()
		s.err = err
		s.mu.Unlock()
		s.failures.Add(1)
	}
	return n, err
}

func (s *sinkWriter) lastErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}
