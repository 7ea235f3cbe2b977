import { describe, expect, it } from 'vitest'
import { attentionLabel } from './dashboard'

describe('attentionLabel', () => {
  it('names each reason and keeps unknown ones', () => {
    expect(attentionLabel('cancelled')).toBe('Registration cancelled')
    expect(attentionLabel('not_filed_gstr1')).toBe('GSTR-1 not filed')
    expect(attentionLabel('other')).toBe('other')
  })
})
