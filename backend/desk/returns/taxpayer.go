package returns

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/gstin"
	"gstdesk/backend/store"
)

// SessionView is what the UI shows of a taxpayer session: never the token.
type SessionView struct {
	GSTIN         string `json:"gstin"`
	Username      string `json:"username"`
	Active        bool   `json:"active"`
	SessionExpiry string `json:"session_expiry"` // RFC 3339
	Warning       string `json:"warning,omitempty"`
	FromEnv       bool   `json:"from_env"`
}

func sessionView(s *gstapi.TaxpayerSession, now time.Time, warning string) SessionView {
	return SessionView{GSTIN: s.GSTIN, Username: s.Username, Active: s.Active(now),
		SessionExpiry: s.SessionExpiry.UTC().Format(time.RFC3339), Warning: warning}
}

// taxpayerGSTIN is the GSTIN whose returns this workspace holds: the workspace's own. raw, when
// given, must be that GSTIN: another client's returns belong in that client's workspace.
func (s *Service) taxpayerGSTIN(raw string) (string, error) {
	ws := s.core.Workspace()
	if strings.TrimSpace(ws.GSTIN) == "" {
		return "", apperr.New(apperr.Invalid, "Workspace %q has no GSTIN: a workspace holds one client's returns.", ws.Name).
			WithHint(apperr.Hint{Window: "Enter the client's GSTIN in Settings.", Command: fmt.Sprintf("Run: gstdesk workspace set %q --gstin GSTIN", ws.Name)})
	}
	if strings.TrimSpace(raw) == "" {
		return ws.GSTIN, nil
	}
	g, err := gstin.Parse(raw)
	if err != nil {
		return "", gstin.ToAPIError(err)
	}
	if g.Value != ws.GSTIN {
		hint := apperr.Hint{
			Window:  "Open that client's workspace (or create one) in Settings.",
			Command: fmt.Sprintf("Select that client's workspace: gstdesk workspace use NAME (or --workspace NAME); or create it: gstdesk workspace create --name CLIENT --gstin %s --env %s", g.Value, ws.Environment),
		}
		if other, err := s.workspaceOf(g.Value, ws.Environment); err == nil {
			hint.Window = fmt.Sprintf("Open the workspace %q in Settings.", other.Name)
			hint.Command = fmt.Sprintf("Select its workspace: gstdesk workspace use %q (or --workspace %q).", other.Name, other.Name)
		}
		return "", apperr.New(apperr.Invalid, "%s is not the GSTIN of workspace %q (%s): one workspace holds one client's returns.", g.Value, ws.Name, ws.GSTIN).WithHint(hint)
	}
	return g.Value, nil
}

// workspaceOf finds the workspace of a GSTIN in an environment.
func (s *Service) workspaceOf(g, env string) (store.Workspace, error) {
	all, err := s.core.DB.Workspaces(context.Background())
	if err != nil {
		return store.Workspace{}, err
	}
	for _, w := range all {
		if w.GSTIN == g && w.Environment == env {
			return w, nil
		}
	}
	return store.Workspace{}, apperr.New(apperr.NotFound, "no workspace")
}

// RequestOTP asks the GST portal to send the taxpayer an OTP. gstinRaw "" means the workspace's GSTIN.
func (s *Service) RequestOTP(ctx context.Context, username, gstinRaw string) error {
	g, err := s.taxpayerGSTIN(gstinRaw)
	if err != nil {
		return err
	}
	if strings.TrimSpace(username) == "" {
		return apperr.New(apperr.Invalid, "Enter the GST portal user name of the taxpayer.")
	}
	cl, err := s.core.Client(ctx)
	if err != nil {
		return err
	}
	start := s.core.Now()
	err = cl.RequestOTP(ctx, strings.TrimSpace(username), g)
	s.core.Audit(ctx, "taxpayer_otp_request", g, start, "", err)
	return err
}

// VerifyOTP opens the taxpayer session with the OTP and keeps it (keychain, else a 0600 file).
func (s *Service) VerifyOTP(ctx context.Context, username, gstinRaw, otp string) (SessionView, error) {
	g, err := s.taxpayerGSTIN(gstinRaw)
	if err != nil {
		return SessionView{}, err
	}
	cl, err := s.core.Client(ctx)
	if err != nil {
		return SessionView{}, err
	}
	start := s.core.Now()
	sess, err := cl.VerifyOTP(ctx, strings.TrimSpace(username), g, strings.TrimSpace(otp))
	s.core.Audit(ctx, "taxpayer_otp_verify", g, start, "", err) // the GSTIN, never the OTP or the token
	if err != nil {
		return SessionView{}, err
	}
	store, warning := s.core.Sessions()
	if err := store.Save(gstapi.SessionKey(s.core.Workspace().ID, g), sess); err != nil {
		return SessionView{}, apperr.Wrap(apperr.Internal, err, "could not keep the taxpayer session")
	}
	return sessionView(sess, s.core.Now(), warning), nil
}

// refreshMargin is how long before expiry a session is refreshed.
const refreshMargin = 30 * time.Minute

// TaxpayerSession returns the taxpayer's session, refreshing it when it is about to lapse.
// GSTDESK_TAXPAYER_TOKEN, when set, is used as it is (scripts).
func (s *Service) TaxpayerSession(ctx context.Context, gstinRaw string) (*gstapi.TaxpayerSession, SessionView, error) {
	// Every portal action starts here: a read-only desk takes none (and is not signed in).
	if err := s.core.RefuseRemote(); err != nil {
		return nil, SessionView{}, err
	}
	g, err := s.taxpayerGSTIN(gstinRaw)
	if err != nil {
		return nil, SessionView{}, err
	}
	if tok := s.core.Getenv("GSTDESK_TAXPAYER_TOKEN"); tok != "" {
		sess := &gstapi.TaxpayerSession{Token: tok, GSTIN: g, SessionExpiry: s.core.Now().Add(time.Hour)}
		v := sessionView(sess, s.core.Now(), "")
		v.FromEnv = true
		return sess, v, nil
	}
	store, warning := s.core.Sessions()
	key := gstapi.SessionKey(s.core.Workspace().ID, g)
	sess, err := store.Load(key)
	if errors.Is(err, gstapi.ErrNoSession) {
		return nil, SessionView{GSTIN: g}, apperr.New(apperr.Unauthorised, "Not signed in to the GST portal for %s. Sign in with the taxpayer's user name and an OTP.", g)
	}
	if err != nil {
		return nil, SessionView{GSTIN: g}, apperr.Wrap(apperr.Internal, err, "could not read the taxpayer session")
	}
	if s.core.InProcessDemo(ctx) {
		sim, _, _ := s.core.Demo()
		sim.AdoptSession(sess.Token, sess.GSTIN, sess.Username, sess.SessionExpiry)
	}
	now := s.core.Now()
	if !sess.Active(now) {
		return nil, sessionView(sess, s.core.Now(), warning), apperr.New(apperr.Unauthorised, "The GST portal session for %s expired at %s. Sign in again (OTP).", g, sess.SessionExpiry.Local().Format("02/01/2006 15:04"))
	}
	if sess.SessionExpiry.Sub(now) < refreshMargin {
		if cl, err := s.core.Client(ctx); err == nil {
			start := s.core.Now()
			fresh, err := cl.RefreshSession(ctx, sess.Token)
			s.core.Audit(ctx, "taxpayer_session_refresh", g, start, "", err)
			if err == nil {
				fresh.Username, fresh.GSTIN = sess.Username, sess.GSTIN
				if err := store.Save(key, fresh); err == nil {
					sess = fresh
				}
			}
		}
	}
	return sess, sessionView(sess, s.core.Now(), warning), nil
}

// SessionStatus describes the stored session of a GSTIN without failing when there is none.
func (s *Service) SessionStatus(ctx context.Context, gstinRaw string) (SessionView, error) {
	_, v, err := s.TaxpayerSession(ctx, gstinRaw)
	if err != nil && apperr.KindOf(err) == apperr.Unauthorised {
		return v, nil
	}
	return v, err
}

// Logout ends the taxpayer session at the portal and forgets it here.
func (s *Service) Logout(ctx context.Context, gstinRaw string) error {
	g, err := s.taxpayerGSTIN(gstinRaw)
	if err != nil {
		return err
	}
	store, _ := s.core.Sessions()
	key := gstapi.SessionKey(s.core.Workspace().ID, g)
	sess, err := store.Load(key)
	if err == nil && sess.Active(s.core.Now()) {
		if cl, cerr := s.core.Client(ctx); cerr == nil {
			start := s.core.Now()
			lerr := cl.Logout(ctx, sess.Token) // forgetting it locally matters more than the portal's answer
			s.core.Audit(ctx, "taxpayer_logout", g, start, "", lerr)
		}
	}
	return store.Delete(key)
}
