// The Table 4 and GSTR-9 screens' state, kept while the person visits other screens.
export const t4 = $state({
  period: '',
  /** The row the bridge leads to ('4C': net ITC). */
  row: '4C',
  /** The bridge line whose documents are open ("" none; "warn:N" the warning N). */
  open: '',
  exportPath: '',
  fy: 0,
  /** The GSTR-9 table whose documents are open. */
  table: '',
  exportPath9: '',
})
