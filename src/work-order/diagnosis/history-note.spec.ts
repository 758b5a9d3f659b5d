import { historyNote } from './knowledge-diagnosis';

describe('historyNote: what the client paid for the same fix, beside the estimate', () => {
  // The estimate is written "$1,550.00"; the history beside it must read the same way.
  it('separates thousands as the estimate does', () => {
    expect(historyNote({ tickets: 29, percentFix: 96.6, averageCost: 1886.77 }, 1550)).toBe(
      ' Your history: 29 similar tickets fixed this way averaged $1,886.77, 22% above this estimate; 96.6% stayed fixed.',
    );
  });

  // Review 28: the assessment is read as a sentence, not a form ("46 similar ticket(s)").
  it('counts one ticket and several in plain English', () => {
    expect(historyNote({ tickets: 1, percentFix: 100, averageCost: 212.5 }, 200)).toBe(
      ' Your history: 1 similar ticket fixed this way averaged $212.50, 6% above this estimate; 100% stayed fixed.',
    );
    expect(historyNote({ tickets: 7, percentFix: 85.7, averageCost: 0 }, 200)).toBe(' Your history: 7 similar tickets fixed this way, 85.7% stayed fixed.');
  });
});
