package apperr

import (
	"net/url"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// urlPattern finds web addresses in a message: a scheme, "://" and what follows up to a space or
// a quote.
var urlPattern = regexp.MustCompile(`[A-Za-z][A-Za-z0-9+.\-]*://[^\s"'<>` + "`" + `]+`)

// Redact writes every web address in s without what may be a secret: the user name and password
// (https://user:pass@host), the query (?key=...) and the fragment. It is the one rule for a URL in
// a message: New, Wrap, Error and Face.Public pass every message through it, so no message a
// person, a script or the log reads shows credentials, whatever its writer put in it.
//
// It also hides every secret value the process holds (RememberSecret).
func Redact(s string) string {
	s = hideSecrets(s)
	if !strings.Contains(s, "://") {
		return s
	}
	return urlPattern.ReplaceAllStringFunc(s, redactURL)
}

func redactURL(raw string) string {
	// A sentence's punctuation after the address is not part of it.
	trail := ""
	for len(raw) > 0 && strings.ContainsRune(".,;:)]}!", rune(raw[len(raw)-1])) {
		trail = raw[len(raw)-1:] + trail
		raw = raw[:len(raw)-1]
	}
	i := strings.Index(raw, "://")
	scheme, rest := raw[:i], raw[i+3:]
	// The authority ends at the first / ? or #; credentials are what comes before its last @.
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	host, tail := rest[:end], rest[end:]
	if at := strings.LastIndex(host, "@"); at >= 0 {
		host = host[at+1:]
	}
	if q := strings.IndexAny(tail, "?#"); q >= 0 {
		tail = tail[:q]
	}
	// A path may carry a password in percent-encoding; it is kept, as paths name no secret here.
	if u, err := url.Parse(scheme + "://" + host + tail); err == nil && u.User == nil {
		return u.Scheme + "://" + u.Host + u.EscapedPath() + trail
	}
	return scheme + "://" + host + trail
}

// secretValues are the secrets this process holds (the API key and secret, access and session
// tokens, backup credentials): Redact hides each wherever it appears in a message, so a service
// or gateway that echoes a request's headers in its error cannot put them in front of a person,
// into the log or into the audit log (which goes to every backup target).
var secretValues struct {
	sync.RWMutex
	v []string
}

// minSecretLen is the shortest value RememberSecret keeps: shorter ones would hide ordinary words.
const minSecretLen = 8

// RememberSecret makes Redact hide v from every message from now on. Empty and short values are
// ignored; giving one twice keeps it once.
func RememberSecret(v string) {
	v = strings.TrimSpace(v)
	if len(v) < minSecretLen {
		return
	}
	secretValues.Lock()
	defer secretValues.Unlock()
	for _, s := range secretValues.v {
		if s == v {
			return
		}
	}
	secretValues.v = append(secretValues.v, v)
	// Longest first, so a secret that contains another is hidden whole.
	sort.Slice(secretValues.v, func(i, j int) bool { return len(secretValues.v[i]) > len(secretValues.v[j]) })
}

func hideSecrets(s string) string {
	secretValues.RLock()
	defer secretValues.RUnlock()
	for _, v := range secretValues.v {
		if strings.Contains(s, v) {
			s = strings.ReplaceAll(s, v, "[hidden]")
		}
	}
	return s
}
