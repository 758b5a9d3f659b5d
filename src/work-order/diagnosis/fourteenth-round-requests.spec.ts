import { CLEMSON_STYLE_TITLES, CLEMSON_STYLE_UNKNOWN_THINGS } from '../../../test/fixtures/dispatch/fourteenth-round-requests';
import type { RankedRequest } from '../../../test/fixtures/dispatch/eleventh-round-requests';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { offlineAnswer, offlineDiagnoses } from './offline-answer';
import { insightsBeside, readSeveralProblems } from './several-problems';

/**
 * Issue 21, fourteenth round: defects a coordinator notices at a glance, each written in four
 * styles (university CMMS titles, a facilities desk, student housing, apartment tenants), with the
 * near misses that must keep their reading; then what an answer whose words decide nothing names,
 * and terse university titles in the Clemson style.
 */
describe('requests of the fourteenth round (issue 21)', () => {
  const kb = loadKnowledgeBase();
  const summer = new Date('2026-06-15T12:00:00Z');
  const diagnose = offlineDiagnoses(kb);
  const diagnoses = (text: string) => diagnose(text, summer).diagnoses;
  const problemIds = (text: string): string[] => diagnoses(text).map((d) => kb.problems.find((p) => p.name === d.diagnosis)?.id ?? d.diagnosis);

  describe('a door alarm is the door hardware (doors and locks), not the building fire alarm', () => {
    it.each([
      'BLDG 14 - STAIR C EXIT DOOR ALARM SOUNDING',
      'The alarm on the rear exit door by the loading dock keeps going off every few minutes.',
      'the emergency exit door alarm on our floor keeps beeping and nobody can shut it off',
      'The door alarm on the back entrance of the building has been going off all night',
      'Exit door alarm keeps going off',
    ])('"%s" goes to doors and locks first', (text) => {
      const [first] = diagnoses(text);
      expect(first.trade).toBe('doors-locks');
      expect(problemIds(text)[0]).toBe('door-alarm-sounding');
    });

    it.each(['fire alarm going off by the exit door', 'the smoke alarm next to the front door keeps going off'])(
      '"%s" stays a fire alarm (the fire or smoke alarm is named)',
      (text) => {
        expect(diagnoses(text)[0].trade).toBe('fire-life-safety');
      },
    );
  });

  describe('a projection screen is a fixture for the handyman, not a window screen', () => {
    it.each([
      'RM 210 PROJECTION SCREEN WILL NOT LOWER',
      "The pull-down projector screen in lecture hall 101 is stuck and won't come down.",
      'the projector screen in our lounge wont go back up',
      "Classroom projector screen won't come down",
      "the projector screen in the community room won't come down for movie night",
    ])('"%s" is the projection screen', (text) => {
      expect(problemIds(text)[0]).toBe('projection-screen-stuck');
      expect(diagnoses(text).map((d) => d.trade)).not.toContain('windows-glass');
    });

    it.each(['window screen in the bedroom is torn', 'dorm window screen fell out'])('"%s" stays a window screen', (text) => {
      expect(problemIds(text)[0]).toBe('window-screen-torn');
    });
  });

  describe('a PTAC is a through-wall unit: without heat it is the unit, not a furnace', () => {
    it.each([
      'RM 118 PTAC NO HEAT',
      'The through-the-wall unit in office 204 is blowing cold air even on heat.',
      'my ptac isnt heating, room is freezing',
      'PTAC unit not heating',
      "The PTAC unit in my bedroom won't heat anymore",
    ])('"%s" is the PTAC without heat', (text) => {
      const [first] = diagnoses(text);
      expect(['hvac-heating', 'hvac-cooling']).toContain(first.trade);
      expect(problemIds(text)[0]).toBe('ptac-not-heating');
    });

    it.each([
      ['furnace will not light', 'furnace-ignitor-failure'],
      ['PTAC not cooling', 'ptac-not-working'],
      ['PTAC unit in room 112 blowing but not cooling', 'ptac-not-working'],
    ])('"%s" keeps its reading (%s)', (text, problem) => {
      expect(problemIds(text)[0]).toBe(problem);
    });
  });

  describe('a burner that will not turn off is a stuck control, never one that will not light', () => {
    it.each([
      'APT 3B RANGE BURNER WILL NOT SHUT OFF',
      'Resident says the front left burner stays on high even with the knob off.',
      'the stove burner in our kitchenette wont turn off!!',
      'Stove burner will not turn off',
      "My oven won't turn off, it keeps heating even when I turn the dial off",
    ])('"%s" is the stuck burner or oven control', (text) => {
      const ids = problemIds(text);
      expect(ids[0]).toBe('range-burner-stuck-on');
      expect(ids).not.toContain('range-burner-wont-light');
    });

    it.each(["stove burner won't light, just clicks", 'LAUREL HALL - KITCHEN - STOVE BURNER NOT LIGHTING'])(
      '"%s" stays a burner that will not light',
      (text) => {
        expect(problemIds(text)[0]).toBe('range-burner-wont-light');
      },
    );
  });

  describe('water coming from a ceiling is a leak above it, never a unit without water', () => {
    it.each([
      'Sale agua del techo',
      'Agua saliendo del techo del baño',
      'RM 204 WATER COMING OUT OF CEILING',
      'water coming out of the ceiling in the bathroom',
    ])('"%s" leads with a leak from above and names no loss of water', (text) => {
      const ids = problemIds(text);
      expect(['hidden-pipe-leak-in-wall', 'leak-from-unit-above', 'roof-leak-active', 'burst-pipe']).toContain(ids[0]);
      expect(ids).not.toContain('no-water-supply');
    });

    it.each(['no hay agua en el apartamento', 'no water in the apartment'])('"%s" stays a unit without water', (text) => {
      expect(problemIds(text)[0]).toBe('no-water-supply');
    });
  });

  describe('two things wrong joined by "and": one leads the dispatch, the other is named', () => {
    it.each([
      ['RM 305 TOILET RUNNING AND THE LIGHT SWITCH IS BROKEN', 'plumbing', 'electrical'],
      ['The toilet in 112 is running and the bedroom light switch does not work.', 'plumbing', 'electrical'],
      ['our toilet keeps running and my desk lamp outlet doesnt work', 'plumbing', 'electrical'],
      ['the toilet is running and the bedroom light switch does not work', 'plumbing', 'electrical'],
      ['my closet door is off its track and the bathroom faucet drips all night', 'general-handyman', 'plumbing'],
    ])('"%s" serves both %s and %s', (text, one, other) => {
      const ds = diagnoses(text);
      const served = new Set([ds[0].trade, ds[1]?.trade]);
      const named = insightsBeside(kb, readSeveralProblems(kb, text, summer), ds[0].trade).join(' ');
      for (const trade of [one, other]) {
        const vendor = kb.tradeById.get(trade)!.vendor_type;
        expect(served.has(trade) || named.includes(`(${vendor})`)).toBe(true);
      }
      expect([one, other]).toContain(ds[0].trade);
    });

    it.each(['the sink and the toilet are clogged', 'roaches in the kitchen and the bathroom', 'the lights and the outlets in the bedroom are out'])(
      '"%s" is one complaint',
      (text) => {
        const several = readSeveralProblems(kb, text, summer);
        expect(several.text).toBe(text);
        expect(insightsBeside(kb, several, diagnoses(text)[0].trade)).toEqual([]);
      },
    );
  });

  describe('an answer whose words decide nothing names the handyman, whom a coordinator sends for what no trade owns', () => {
    it.each(['INNOVATION CTR - RM 308 - MOVE 2 WORKBENCHES TO RM 310', 'Please move two workbenches from room 308 to room 310'])(
      '"%s", spread over three trades, names the general repair and no lock rekeying',
      (text) => {
        const ids = problemIds(text);
        expect(ids).toContain('general-repair');
        expect(ids).not.toContain('lock-rekey');
      },
    );

    it.each(['TUTORING CENTER - RM 4 - LOOK OVER THE ROOM AND FIX WHAT IS BROKEN', 'the easel in the art room is broken'])(
      '"%s", spread over three trades, names the handyman',
      (text) => {
        expect(diagnoses(text).map((d) => d.trade)).toContain('general-handyman');
      },
    );

    it.each(['fabricate a replacement bracket for the bench', 'SHOP - FABRICATE NEW HANDRAIL END CAP'])('"%s" is fabrication work for the handyman', (text) => {
      expect(diagnoses(text)[0].trade).toBe('general-handyman');
    });

    it.each(['toilet keeps running', 'BLDG 077 CORR 2 LIGHTS OUT', 'my window screen fell out'])('leaves "%s", sure of its trade, as it was', (text) => {
      expect(problemIds(text)).not.toContain('general-repair');
    });
  });

  describe.each([
    ['university CMMS titles in the Clemson style', CLEMSON_STYLE_TITLES],
    ['university CMMS titles naming things the catalogue has no words for', CLEMSON_STYLE_UNKNOWN_THINGS],
  ])('%s', (_name, requests: RankedRequest[]) => {
    const answer = offlineAnswer(kb);
    const trades = (text: string): string[] => answer(text, summer).trades;

    it.each(requests.filter((r) => r.rank === 1).map((r): [string, string[]] => [r.text, r.first]))('"%s" goes first to one of %p', (text, accepted) => {
      expect(accepted).toContain(trades(text)[0]);
    });

    it.each(requests.filter((r) => r.rank !== 0).map((r): [string, string[]] => [r.text, r.listed]))('"%s" names one of %p', (text, accepted) => {
      expect(trades(text).some((t) => accepted.includes(t))).toBe(true);
    });

    it('sends an accepted trade first on 80% and names one on 90%', () => {
      const got = requests.map((r) => ({ r, trades: trades(r.text) }));
      expect(got.filter(({ r, trades }) => r.first.includes(trades[0])).length / requests.length).toBeGreaterThanOrEqual(0.8);
      expect(got.filter(({ r, trades }) => trades.some((t) => r.listed.includes(t))).length / requests.length).toBeGreaterThanOrEqual(0.9);
    });
  });
});
