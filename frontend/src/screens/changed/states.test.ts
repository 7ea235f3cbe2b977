import { describe, expect, it } from 'vitest'
import { changeClass, changeVerb, groupByType, STATES, stateName, typesIn } from './states'

describe('states', () => {
  it('names codes and skips legacy ones', () => {
    expect(stateName('27')).toBe('Maharashtra')
    expect(stateName('33')).toBe('Tamil Nadu')
    expect(stateName('28')).toBe('28')
    expect(STATES.length).toBeGreaterThan(35)
  })
})

describe('change types', () => {
  it('orders what needs action first', () => {
    expect(typesIn({ G: 3, U: 2, C: 1, X: 1, E: 0 })).toEqual(['C', 'U', 'G', 'X'])
    expect(typesIn(null)).toEqual([])
  })
  it('colours and words', () => {
    expect(changeClass('C')).toBe('bad')
    expect(changeClass('G')).toBe('ok')
    expect(changeVerb('C')).toBe('cancelled')
    expect(changeVerb('Z')).toBe('changed (Z)')
  })
  it('groups rows', () => {
    const g = groupByType([{ type: 'G', n: 1 }, { type: 'C', n: 2 }, { type: 'G', n: 3 }])
    expect(g.map((x) => [x.type, x.rows.map((r) => r.n)])).toEqual([['C', [2]], ['G', [1, 3]]])
  })
})
