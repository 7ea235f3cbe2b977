// The state codes the changed list can be asked for (GST state and union territory codes).
export const STATES: [code: string, name: string][] = [
  ['01', 'Jammu and Kashmir'],
  ['02', 'Himachal Pradesh'],
  ['03', 'Punjab'],
  ['04', 'Chandigarh'],
  ['05', 'Uttarakhand'],
  ['06', 'Haryana'],
  ['07', 'Delhi'],
  ['08', 'Rajasthan'],
  ['09', 'Uttar Pradesh'],
  ['10', 'Bihar'],
  ['11', 'Sikkim'],
  ['12', 'Arunachal Pradesh'],
  ['13', 'Nagaland'],
  ['14', 'Manipur'],
  ['15', 'Mizoram'],
  ['16', 'Tripura'],
  ['17', 'Meghalaya'],
  ['18', 'Assam'],
  ['19', 'West Bengal'],
  ['20', 'Jharkhand'],
  ['21', 'Odisha'],
  ['22', 'Chhattisgarh'],
  ['23', 'Madhya Pradesh'],
  ['24', 'Gujarat'],
  ['26', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['27', 'Maharashtra'],
  ['29', 'Karnataka'],
  ['30', 'Goa'],
  ['31', 'Lakshadweep'],
  ['32', 'Kerala'],
  ['33', 'Tamil Nadu'],
  ['34', 'Puducherry'],
  ['35', 'Andaman and Nicobar Islands'],
  ['36', 'Telangana'],
  ['37', 'Andhra Pradesh'],
  ['38', 'Ladakh'],
  ['97', 'Other Territory'],
  ['99', 'Centre Jurisdiction'],
]

/** The name of a state code, or the code itself. */
export function stateName(code: string): string {
  return STATES.find(([c]) => c === code)?.[1] ?? code
}

/** The badge class of a change type: red cancelled, amber inactive/expired, green generated, blue updated. */
export function changeClass(t: string): string {
  return ({ C: 'bad', I: 'warn', E: 'warn', G: 'ok', U: 'info' } as Record<string, string>)[t] ?? ''
}

/** The past-tense verb of a change type for the headline ("were cancelled"). */
export function changeVerb(t: string): string {
  return ({ C: 'cancelled', I: 'made inactive', E: 'expired', G: 'registered', U: 'updated' } as Record<string, string>)[t] ?? 'changed (' + t + ')'
}

/** The order change types are shown in: what needs action first. */
export const TYPE_ORDER = ['C', 'I', 'E', 'U', 'G']

/** Change types present in counts, in TYPE_ORDER, then any others. */
export function typesIn(byType: Record<string, number> | undefined | null): string[] {
  const ts = Object.keys(byType ?? {}).filter((t) => (byType ?? {})[t] > 0)
  return [...TYPE_ORDER.filter((t) => ts.includes(t)), ...ts.filter((t) => !TYPE_ORDER.includes(t)).sort()]
}

/** Groups rows by change type, in typesIn order. */
export function groupByType<T extends { type: string }>(rows: T[]): { type: string; rows: T[] }[] {
  const m = new Map<string, T[]>()
  for (const r of rows) {
    const g = m.get(r.type)
    if (g) g.push(r)
    else m.set(r.type, [r])
  }
  const counts: Record<string, number> = {}
  for (const [t, rs] of m) counts[t] = rs.length
  return typesIn(counts).map((t) => ({ type: t, rows: m.get(t)! }))
}
