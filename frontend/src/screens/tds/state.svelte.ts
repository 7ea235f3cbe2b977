// Where the Salary TDS screen should go when it is opened from elsewhere (the command palette):
// a run and, in it, an employee's computation sheet. RunView clears it once it has opened them.
export const tdsNav = $state({ run: '', seq: 0 })
