package backup

import (
	"context"
	"errors"
	"io/fs"
	"net"
	"strings"
	"syscall"

	"github.com/aws/smithy-go"

	"gstdesk/backend/apperr"
)

// targetError turns what went wrong while action-ing (write to, read from, connect to) a target
// into an error that names the target and says what to do; the cause stays out of the message
// shown to the person but is kept for the log.
func targetError(t Target, action string, err error) error {
	if err == nil {
		return nil
	}
	var ae *apperr.Error
	if errors.As(err, &ae) {
		return err
	}
	name := "Backup target " + quote(t.Name) + " (" + t.Where() + ")"
	if errors.Is(err, context.Canceled) {
		return apperr.Wrap(apperr.Canceled, err, "%s: stopped.", name)
	}
	var api smithy.APIError
	if errors.As(err, &api) {
		switch api.ErrorCode() {
		case "NoSuchBucket":
			return apperr.Wrap(apperr.NotFound, err, "%s: the bucket %q does not exist. Create it, or correct the bucket name.", name, t.Bucket)
		case "InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied", "InvalidToken", "ExpiredToken", "Forbidden":
			return apperr.Wrap(apperr.Unauthorised, err, "%s refused the access key (%s). Save the right access key and secret in Settings → Backup.", name, api.ErrorCode())
		}
		if strings.Contains(api.ErrorCode(), "UserNotFound") { // MinIO and versitygw: an unknown access key
			return apperr.Wrap(apperr.Unauthorised, err, "%s refused the access key (%s). Save the right access key and secret in Settings → Backup.", name, api.ErrorCode())
		}
	}
	var status interface{ HTTPStatusCode() int }
	if errors.As(err, &status) && (status.HTTPStatusCode() == 401 || status.HTTPStatusCode() == 403) {
		return apperr.Wrap(apperr.Unauthorised, err, "%s refused the access key. Save the right access key and secret in Settings → Backup.", name)
	}
	msg := strings.ToLower(err.Error())
	switch {
	case strings.Contains(msg, "custom rootcas"):
		return apperr.Wrap(apperr.Unavailable, err, "%s: the S3 client cannot use the CA bundle named by AWS_CA_BUNDLE in gstdesk's environment. Start gstdesk without AWS_CA_BUNDLE (the system's certificates are used).", name)
	case isNoSpace(err):
		return apperr.Wrap(apperr.Unavailable, err, "%s is full: free space on it, or choose another target.", name)
	case errors.Is(err, fs.ErrPermission):
		return apperr.Wrap(apperr.Unauthorised, err, "%s: gstdesk may not %s it. Check the folder's permissions.", name, action)
	case strings.Contains(msg, "host key mismatch"):
		return apperr.Wrap(apperr.Conflict, err, "%s answered with another host key than the one saved for it: if the server was set up again, save its new host key in Settings → Backup; otherwise something is between gstdesk and the server, and nothing was sent.", name)
	case strings.Contains(msg, "unable to authenticate") || strings.Contains(msg, "permission denied"):
		return apperr.Wrap(apperr.Unauthorised, err, "%s refused the user name, password or key. Check them in Settings → Backup.", name)
	case strings.Contains(msg, "no such bucket") || strings.Contains(msg, "nosuchbucket"):
		return apperr.Wrap(apperr.NotFound, err, "%s: the bucket %q does not exist. Create it, or correct the bucket name.", name, t.Bucket)
	case strings.Contains(msg, "statuscode: 403") || strings.Contains(msg, "status code: 403"):
		return apperr.Wrap(apperr.Unauthorised, err, "%s refused the access key. Save the right access key and secret in Settings → Backup.", name)
	}
	var ne net.Error
	var op *net.OpError
	if errors.As(err, &op) || errors.As(err, &ne) || strings.Contains(msg, "connection refused") || strings.Contains(msg, "no such host") {
		return apperr.Wrap(apperr.Unavailable, err, "%s cannot be reached. Check the network and the address; gstdesk tries again.", name)
	}
	if errors.Is(err, fs.ErrNotExist) && t.Kind == KindFolder {
		return apperr.Wrap(apperr.Unavailable, err, "%s is not there: is the disk or network share connected?", name)
	}
	return apperr.Wrap(apperr.Unavailable, err, "%s: could not %s it: %s", name, action, oneLine(err.Error()))
}

// isNoSpace reports whether err is a full disk (ENOSPC, also when a library kept only its text).
func isNoSpace(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || strings.Contains(strings.ToLower(err.Error()), "no space left")
}

// oneLine is the first line of an error text, at most 200 characters, for a message a person
// reads (a replica client's error may carry a server's whole answer).
func oneLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

func quote(s string) string { return "\"" + s + "\"" }
