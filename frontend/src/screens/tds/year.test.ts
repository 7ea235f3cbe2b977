import { describe, expect, it } from 'vitest'
import { missingBefore, monthOfFY, panProblem, stepMonth, tanProblem } from './year'

describe('TDS year helpers', () => {
  it('names the months of a financial year', () => {
    expect(monthOfFY('FY 2025-26', 4)).toBe('April 2025')
    expect(monthOfFY('FY 2025-26', 3)).toBe('March 2026')
  })
  it('says in words what is wrong with a TAN', () => {
    expect(tanProblem('muma12345b')).toBe('')
    expect(tanProblem('')).toMatch(/required/)
    expect(tanProblem('MUMA1234B')).toMatch(/10 characters.*this has 9/)
    expect(tanProblem('MUM112345B')).toMatch(/starts with 4 letters/)
    expect(tanProblem('MUMA1234XB')).toMatch(/digits/)
    expect(tanProblem('MUMA123456')).toMatch(/ends with a letter/)
  })
  it('checks a PAN only when given', () => {
    expect(panProblem('')).toBe('')
    expect(panProblem('AAACA1234F')).toBe('')
    expect(panProblem('AAACA1234')).toMatch(/5 letters, 4 digits, 1 letter/)
  })
  it('lists the months missing before the latest recorded', () => {
    expect(missingBefore([])).toEqual([])
    expect(missingBefore([4, 5])).toEqual([])
    expect(missingBefore([4, 6, 10])).toEqual([5, 7, 8, 9])
    expect(missingBefore([3])).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2])
  })
  it('steps the month strip inside the year', () => {
    expect(stepMonth(4, -1)).toBe(4)
    expect(stepMonth(12, 1)).toBe(1)
    expect(stepMonth(3, 1)).toBe(3)
  })
})
