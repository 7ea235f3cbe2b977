package ims

import (
	"strings"

	"gstdesk/backend/docid"
)

// ID is the one identity of an IMS document: its section, return period (rtnprd, MMYYYY),
// supplier GSTIN (upper case) and number under the one invoice-number rule (docid.Number). A
// supplier may use one number in two return periods (numbering starts again each financial year)
// and IMS may hold both at once (one kept pending): the return period tells them apart. The
// three-way run's rows, the apply of the returns service and the kept lists all know a document
// by it.
type ID struct {
	Section string
	RtnPrd  string
	STIN    string
	Number  string
}

// IDOf is the identity of the document of an IMS section, return period (MMYYYY or YYYY-MM; ""
// when not known), supplier GSTIN and document number.
func IDOf(section, rtnprd, stin, number string) ID {
	return ID{Section: section, RtnPrd: RetPeriod(rtnprd), STIN: supplierOf(stin), Number: docid.Number(number)}
}

// Key is the identity as one string (a map key).
func (id ID) Key() string { return id.Section + "|" + id.RtnPrd + "|" + id.STIN + "|" + id.Number }

// Doc is the supplier and number only: the same document may be looked for in more than one
// section and return period.
func (id ID) Doc() string { return id.STIN + "|" + id.Number }

// ID is the record's identity.
func (r *Record) ID() ID { return IDOf(r.Section, r.RtnPrd, r.STIN, r.Number) }

// Key is how a record is known (its ID as a string).
func (r *Record) Key() string { return r.ID().Key() }

// KeyOf is the Key of the record of an IMS section, return period (MMYYYY or YYYY-MM; "" when not
// known), supplier GSTIN and document number.
func KeyOf(section, rtnprd, stin, number string) string {
	return IDOf(section, rtnprd, stin, number).Key()
}

func supplierOf(stin string) string { return strings.ToUpper(strings.TrimSpace(stin)) }

// Index is records by identity (ID.Key), as a run lays IMS over its rows.
type Index map[string]*Record

// IndexOf indexes records (which it points into).
func IndexOf(recs []Record) Index {
	ix := make(Index, len(recs))
	for i := range recs {
		ix[recs[i].Key()] = &recs[i]
	}
	return ix
}

// Get is the record of the document id (nil when the lists do not hold it).
func (ix Index) Get(id ID) *Record { return ix[id.Key()] }

// Overlay lays what the IMS lists say now over a document's status as a run had it (status, and
// whether pending is blocked): listed says whether IMS lists the document; when it does, its
// action and pendingBlocked are IMS's, else they stay as the run had them (the 2B's imsStatus).
func (ix Index) Overlay(id ID, status string, pendingBlocked bool) (listed bool, action string, blocked bool) {
	if r := ix.Get(id); r != nil {
		return true, r.Action, r.PendingBlocked
	}
	return false, status, pendingBlocked
}
