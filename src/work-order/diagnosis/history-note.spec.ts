import { historyNote } from './knowledge-diagnosis';

describe('historyNote: what the client paid for the same fix, beside the estimate', () => {
  // The estimate is written "$1,550.00"; the history beside it must read the same way.
  it('separates thousands as the estimate does', () => {
    expect(historyNote({ tickets: 29, percentFix: 96.6, averageCost: 1886.77 }, 1550)).toBe(
      ' Your history: 29 similar ticket(s) fixed this way averaged $1,886.77, 22% above this estimate; 96.6% stayed fixed.',
    );
  });
});
