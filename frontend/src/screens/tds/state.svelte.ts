import { currentFY } from './logic'

// Where the Salary TDS screen should go when it is opened from elsewhere (the command palette):
// a run and, in it, an employee's computation sheet. RunView clears it once it has opened them.
// tab, fy and month keep the TDS year's place while the person is on another screen.
export const tdsNav = $state({ run: '', seq: 0, tab: 'runs' as 'runs' | 'year', fy: currentFY(new Date()), month: 4 })
