// Pure helpers of the GSTR-2B screen: pull results and imports in words, the ITC summary
// (itcsumm) as lines and totals, section and document labels, and the column chooser's columns.
// Amounts of GSTR-2B arrive in rupees with two decimals (money() shows them).
import { count, money, periodLabel, plural } from '../../lib/format'

/** The sections of a GSTR-2B in the return's order, in words. */
export const SECTIONS: { key: string; label: string }[] = [
  { key: 'b2b', label: 'B2B invoices' },
  { key: 'b2ba', label: 'B2B amendments' },
  { key: 'cdnr', label: 'Credit/debit notes' },
  { key: 'cdnra', label: 'Note amendments' },
  { key: 'isd', label: 'ISD credit' },
  { key: 'isda', label: 'ISD amendments' },
  { key: 'impg', label: 'Imports of goods' },
  { key: 'impgsez', label: 'Imports from SEZ' },
  { key: 'ecom', label: 'E-commerce' },
  { key: 'ecoma', label: 'E-commerce amendments' },
  { key: 'itcrev', label: 'Credit reversed (itcrev)' },
]

export function sectionLabel(key: string): string {
  return SECTIONS.find((s) => s.key === key)?.label ?? key
}

const PARTS: { key: string; label: string }[] = [
  { key: 'itcavl', label: 'ITC available' },
  { key: 'itcunavl', label: 'ITC not available' },
  { key: 'itcrev', label: 'ITC to reverse' },
  { key: 'itcRejected', label: 'Rejected in IMS' },
]

const GROUPS: { key: string; label: string }[] = [
  { key: 'nonrevsup', label: 'Supplies not on reverse charge' },
  { key: 'revsup', label: 'Supplies on reverse charge' },
  { key: 'isdsup', label: 'From input service distributors' },
  { key: 'imports', label: 'Imports' },
  { key: 'othersup', label: 'Less: credit notes and other reversals' },
]

export interface Amt { igst: number; cgst: number; sgst: number; cess: number }
export const taxOf = (a: Amt | undefined | null): number => (a ? (a.igst ?? 0) + (a.cgst ?? 0) + (a.sgst ?? 0) + (a.cess ?? 0) : 0)

/** One line of the ITC summary: a part (available, not available …) and a group of supplies. */
export interface ItcLine { part: string; partLabel: string; group: string; label: string; amounts: Amt; tax: number }
/** One part of the ITC summary with its groups added up, reversals subtracted. */
export interface ItcPart { part: string; label: string; amounts: Amt; tax: number; lines: ItcLine[] }

type Group = { total?: Partial<Amt> }
const amt = (a: Partial<Amt> | undefined): Amt => ({ igst: a?.igst ?? 0, cgst: a?.cgst ?? 0, sgst: a?.sgst ?? 0, cess: a?.cess ?? 0 })

/** The parts of itcsumm in the portal's order, each with its group lines; unknown parts and groups follow, as given. */
export function itcParts(itcsumm: Record<string, Record<string, Group> | undefined> | null | undefined): ItcPart[] {
  const s = itcsumm ?? {}
  const partKeys = [...PARTS.map((p) => p.key).filter((k) => s[k]), ...Object.keys(s).filter((k) => !PARTS.some((p) => p.key === k)).sort()]
  return partKeys.map((pk) => {
    const groups = s[pk] ?? {}
    const gkeys = [...GROUPS.map((g) => g.key).filter((k) => groups[k]), ...Object.keys(groups).filter((k) => !GROUPS.some((g) => g.key === k)).sort()]
    const label = PARTS.find((p) => p.key === pk)?.label ?? pk
    // "othersup" is the portal's Part B (reversal: credit notes), given positive: it reduces the
    // credit, so it is shown negative and the part's total subtracts it (as gstr2b.NetITC does).
    const lines = gkeys.map((gk) => {
      const g = amt(groups[gk]?.total)
      const a = gk === 'othersup' ? { igst: -g.igst, cgst: -g.cgst, sgst: -g.sgst, cess: -g.cess } : g
      return { part: pk, partLabel: label, group: gk, label: GROUPS.find((x) => x.key === gk)?.label ?? gk, amounts: a, tax: taxOf(a) }
    })
    const total = lines.reduce((t, l) => ({ igst: t.igst + l.amounts.igst, cgst: t.cgst + l.amounts.cgst, sgst: t.sgst + l.amounts.sgst, cess: t.cess + l.amounts.cess }), amt(undefined))
    return { part: pk, label, amounts: total, tax: taxOf(total), lines }
  })
}

/** A pull's result as the results list says it. */
export interface PullLike {
  period: string; status: string; documents: number; rejected: number; suppliers: number; files?: number
  expected_by?: string; error?: { message: string }
}

/** How a month's pull went, in words. */
export function pullWords(r: PullLike): string {
  switch (r.status) {
    case 'pulled': {
      let s = `${plural(r.documents, 'document')} from ${plural(r.suppliers, 'supplier')}`
      if (r.rejected) s += `, ${count(r.rejected)} rejected in IMS`
      if (r.files) s += ` (came in ${plural(r.files, 'file page')})`
      return s
    }
    case 'empty':
      return 'nothing this period: the GST service has no GSTR-2B documents for it'
    case 'not_generated':
      return r.expected_by ? `not generated yet, expected by ${r.expected_by}` : 'not generated yet'
    case 'error':
      return r.error?.message ?? 'the pull failed'
    default:
      return r.error?.message ?? 'not pulled'
  }
}

/** The badge of a pull's result: its colour and word. */
export function pullBadge(status: string): { cls: string; word: string } {
  return ({
    pulled: { cls: 'ok', word: 'pulled' },
    empty: { cls: 'info', word: 'nothing' },
    not_generated: { cls: 'warn', word: 'not yet' },
    error: { cls: 'bad', word: 'failed' },
  } as Record<string, { cls: string; word: string }>)[status] ?? { cls: '', word: 'not pulled' }
}

/** What an import stored, in words. */
export function importWords(r: { kind: string; file: string; period: string; documents: number; suppliers: number }): string {
  const kind = r.kind === 'gstr2a' ? 'GSTR-2A' : 'GSTR-2B'
  const what = r.kind === 'gstr2a' ? plural(r.documents, 'invoice') : plural(r.documents, 'document')
  return `${kind} of ${periodLabel(r.period)} imported from ${r.file}: ${what} from ${plural(r.suppliers, 'supplier')}. No API call was made.`
}

/** Where a snapshot came from, in words. */
export function sourceWords(s: { source: string; file_name?: string }): string {
  if (s.source === 'file') return s.file_name ? `from file ${s.file_name}` : 'from a portal file'
  return 'pulled'
}

const KINDS: Record<string, string> = {
  invoice: 'Invoice', credit_note: 'Credit note', debit_note: 'Debit note', isd_invoice: 'ISD invoice',
  isd_credit_note: 'ISD credit note', bill_of_entry: 'Bill of entry',
}
export const kindLabel = (k: string): string => KINDS[k] ?? k

/** An IMS action code in words. */
export function imsWord(code: string | undefined): string {
  return ({ A: 'accepted', R: 'rejected', P: 'pending', N: 'no action' } as Record<string, string>)[code ?? ''] ?? ''
}

/** itcavl in a word. */
export function itcWord(v: string): string {
  return ({ Y: 'yes', N: 'no', T: 'temporary' } as Record<string, string>)[v] ?? v
}

/** Optional columns of the document table (the column chooser); the core ones always show. */
export const OPTIONAL_COLUMNS: { key: string; label: string }[] = [
  { key: 'value', label: 'Document value' },
  { key: 'pos', label: 'Place of supply' },
  { key: 'filed', label: 'Supplier filed on' },
  { key: 'ims', label: 'IMS status' },
]

/** The default chosen months: the latest stored period, else none. */
export function latestPeriod(infos: { period: string }[]): string {
  return infos.map((i) => i.period).sort().pop() ?? ''
}

/** Where a document's value comes from, in words ("" when the return gives it). */
export function valueBasisWords(basis: string | undefined): string {
  return ({
    boe_total: 'taxable value + IGST + cess (a bill of entry has no value of its own)',
    isd_tax: 'tax distributed (an ISD document has no value of its own)',
    absent: 'not given in the return',
  } as Record<string, string>)[basis ?? ''] ?? ''
}

/** A document's own words: a bill of entry names its port and number, an ISD document its
 *  eligibility, an amendment what it amends, a reversed document that its credit was reversed. */
export function documentWords(r: { kind: string; number: string; date: string; port_code?: string; ref_date?: string; amended?: string;
  itcavl: string; orig_number?: string; orig_date?: string; reversed?: boolean; rejected: boolean; value_basis?: string }, fmtDate: (s: string) => string): string[] {
  const out: string[] = []
  if (r.kind === 'bill_of_entry') {
    out.push(`Bill of entry ${r.number} of ${fmtDate(r.date)}${r.port_code ? ' at port ' + r.port_code : ' (no port code given)'}` +
      (r.ref_date ? `, taken into GSTR-2B on ${fmtDate(r.ref_date)}` : '') + (r.amended === 'Y' ? ', amended' : '') + '.')
  }
  if (r.kind === 'isd_invoice' || r.kind === 'isd_credit_note') {
    out.push(r.itcavl === 'Y' ? 'Eligible ISD credit.' : r.itcavl === 'N' ? 'ISD credit marked not eligible: it is not claimable.' : `ISD eligibility "${r.itcavl}" as given.`)
  }
  if (r.reversed) out.push('Credit reversed (GSTR-2B itcrev): counted apart, never in the ITC available.')
  if (r.rejected) out.push('Rejected in IMS: not in this 2B’s credit.')
  const vb = valueBasisWords(r.value_basis)
  if (vb) out.push(`Value: ${vb}.`)
  return out
}
