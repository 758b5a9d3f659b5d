import { complaintText, withoutStoreys } from './work-order-text';

describe('complaint text of a CMMS work order', () => {
  it.each([
    ['SIRRINE HALL - RM 200G - I NEED MY OFFICE SPRAYED FOR ANTS. ACCT:15-603-7013-5018-130-1500000', 'I NEED MY OFFICE SPRAYED FOR ANTS.'],
    ['TILLMAN HALL (INCLUDING C... - RM 105E - AIR IS NOT COOL. ASSET:HVAC-01518', 'AIR IS NOT COOL.'],
    ['EC CHILL WATER FACILITY - RM 100 - REPLACE VFD ON CHILLED WATER PUMP 1', 'REPLACE VFD ON CHILLED WATER PUMP 1'],
    ['CALHOUN COURTS, N05A, N05... - RM N07C - EVERYTHING IS SO DIRTY.', 'EVERYTHING IS SO DIRTY.'],
    ['24-656409 MAPLE RESEARCH BLDG - RM M156 - PROVIDE ESTIMATE - CHANGE FLOORING', 'PROVIDE ESTIMATE - CHANGE FLOORING'],
    ['LEVER HALL - RM 4B2 - OUT OF POWER, BREAKER POPPED (SEE ATTACHED IMAGE.)', 'OUT OF POWER, BREAKER POPPED'],
    // "Room" without a room number is part of the complaint.
    ['MAPLE HALL - RM 12 - CONFERENCE ROOM A/C NOT WORKING', 'CONFERENCE ROOM A/C NOT WORKING'],
    ['OAK CENTER - STEAM LEAK IN THE MECHANICAL ROOM', 'STEAM LEAK IN THE MECHANICAL ROOM'],
    ['*Check no charge labor box on each entry line* Occupants are too hot', 'Occupants are too hot'],
    ['AC is broken. Contact Name: Contact Email: someone@example.edu', 'AC is broken.'],
    // A segment naming a place is still the complaint when it says what is wrong with a thing there.
    ['PINE HALL - 1ST FLOOR DRINKING FOUNTAIN FALLING APART - PLEASE FIX', '1ST FLOOR DRINKING FOUNTAIN FALLING APART - PLEASE FIX'],
    ['CEDAR BLDG - 3RD FLOOR HANDRAIL LOOSE - SEE NOTES', '3RD FLOOR HANDRAIL LOOSE - SEE NOTES'],
    // A segment that names a place and the work asked for there is the complaint (a campaign of washes, tests, checks).
    ['SPRING CAMPUS SOFT WASH - BIRCH HALL', 'SPRING CAMPUS SOFT WASH - BIRCH HALL'],
    ['WEST CAMPUS - INSPECT ROOFTOP UNITS ON THE ANNEX', 'INSPECT ROOFTOP UNITS ON THE ANNEX'],
    ['ELM HALL 2ND FLOOR PAINTING - SEE NOTES', 'ELM HALL 2ND FLOOR PAINTING - SEE NOTES'],
    // A segment that names a place and a hazard there is the complaint, and "W/" is no field separator.
    ['GAS ODOR BOILER ROOM - BLDG EVACUATED', 'GAS ODOR BOILER ROOM - BLDG EVACUATED'],
    ['SMOKE IN CORRIDOR 3RD FL - ALARM ACTIVATED', 'SMOKE IN CORRIDOR 3RD FL - ALARM ACTIVATED'],
    ['RM 214 WATER ON FLOOR FROM UNDER CABINET - SPREADING TO HALL', 'WATER ON FLOOR FROM UNDER CABINET - SPREADING TO HALL'],
    ['WATER SERVICE INTERRUPTED BLDG 40 - MAIN VALVE', 'WATER SERVICE INTERRUPTED BLDG 40 - MAIN VALVE'],
    ['ELEV CAR 4 STALLED W/ OCCUPANT', 'ELEV CAR 4 STALLED W/ OCCUPANT'],
  ])('reads %p as %p', (raw, complaint) => {
    expect(complaintText(raw)).toBe(complaint);
  });

  it("leaves a tenant's own words alone", () => {
    for (const text of ['Water under the kitchen sink - cabinet soaked', 'Toilet keeps running in unit 4B', 'No heat since last night'])
      expect(complaintText(text)).toBe(text);
  });

  it.each([
    ['Bldg 12, 3rd floor: window cracked', 'window cracked'],
    ['Smith Hall, room 204: radiator banging all night', 'radiator banging all night'],
    ['Apt 4B - 2nd floor: toilet keeps running', 'toilet keeps running'],
  ])('drops a leading place label %p', (raw, complaint) => {
    expect(complaintText(raw)).toBe(complaint);
  });

  it.each([
    ['Chem Bldg server room 114: temperature climbing, AC off', 'server room'],
    ['ZOOLOGY COLD ROOM C-12 - TEMP ALARM', 'COLD ROOM'],
    ['Library Annex roof: dripping onto the stacks', 'roof'],
    ['MAPLE HALL - GUTTERS - OVERFLOWING OVER THE DOOR', 'GUTTERS'],
  ])('keeps what a heading names besides the place in %p', (raw, kept) => {
    expect(complaintText(raw)).toContain(kept);
  });

  it.each(['Note: toilet keeps running', 'WO FOR EVENT SETUP: 12 ROUND TABLES', 'Library lights out: whole second floor', 'Kitchen: faucet drips'])(
    'keeps a leading label that is not only a place: %p',
    (raw) => {
      expect(complaintText(raw)).toBe(raw);
    },
  );

  it.each([
    ['Room 12 in Oak Hall has lost power completely: nothing turns on', 'lost power completely'],
    ['Unit 3B lost heat overnight: 50 degrees inside', 'lost heat overnight'],
  ])('keeps a leading label that says what was lost: %p', (raw, kept) => {
    expect(complaintText(raw)).toContain(kept);
  });

  it('reads a minus sign before a reading as part of the complaint, not as a separator after a place', () => {
    expect(complaintText('The freezer in room 12 is reading -40 and climbing, it should be at -80.')).toContain('freezer');
    expect(complaintText('Walk-in in Hall 3 kitchen shows -5 F, should be -10')).toContain('Walk-in');
    expect(complaintText('MAPLE HALL -2ND FL - TOILET RUNNING')).toBe('TOILET RUNNING');
  });

  it('drops a forwarding line and the quotation marks around the forwarded message, keeping apostrophes inside words', () => {
    expect(complaintText("Forwarding from Unit 12 (portal): 'The tub won't drain.' Home after 5.")).toBe("The tub won't drain. Home after 5.");
    expect(complaintText('Fwd from resident portal - "heat is off" in 3B')).toBe('heat is off in 3B');
    expect(complaintText("forward the invoice to accounting, the students' AC is out")).toBe('forward the invoice to accounting, the students AC is out');
  });

  it('never returns an empty text', () => {
    expect(complaintText('MAPLE HALL - RM 101')).toBe('MAPLE HALL - RM 101');
    expect(complaintText('ACCT:15-603')).toBe('ACCT:15-603');
  });
});

describe('a request without the storeys it names', () => {
  it.each([
    ['Lights in the stairwell between floors 2 and 3 are out', 'Lights in the stairwell between are out'],
    ['hallway lights out between the 2nd and 3rd floors', 'hallway lights out between the'],
    ['3RD FLOOR STAIRWELL - EXIT SIGN NOT LIT', 'STAIRWELL - EXIT SIGN NOT LIT'],
    ['smoke detector chirping on the second-floor landing', 'smoke detector chirping on the landing'],
    ['thermostat on floor 3 is blank', 'thermostat on is blank'],
    ['no heat on floors 4-5', 'no heat on'],
    ['3rd fl. mens room sink leaking', 'mens room sink leaking'],
  ])('reads %p as %p', (raw, read) => {
    expect(withoutStoreys(raw)).toBe(read);
  });

  it.each([
    ['the floor is wet by the tub', 'the floor is wet'],
    ['2nd floor lounge floor tiles are cracked', 'lounge floor tiles are cracked'],
    ['water coming through the ceiling in the top floor hallway when it rains', 'top floor hallway'],
    ['2 floor drains clogged', '2 floor drains clogged'],
  ])('keeps a floor that is the complaint, and the top floor under a roof: %p', (raw, kept) => {
    expect(withoutStoreys(raw)).toContain(kept);
  });
});

describe('complaintText on forwarded e-mail chains and signatures (round 30)', () => {
  const chain = [
    'Fwd: Re: Apt 6 - bathroom ceiling',
    'Passing this on, sounds like it got worse overnight. Sent from my iPhone',
    '> On Mon, Mar 2, 7:05 AM, Dana wrote: > Now the ceiling is bulging and water is coming through the light.',
    '>> On Sun, Mar 1, 6:40 PM, Office wrote: >> Thanks, we will look at it Tuesday.',
    '>>> There is a small yellow stain above my shower.',
  ].join('\n');

  it('reads the oldest message first and the subject line before all of them', () => {
    const read = complaintText(chain);
    const order = ['bathroom ceiling', 'small yellow stain', 'look at it Tuesday', 'ceiling is bulging', 'Passing this on'].map((part) => read.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('drops the quote headers, the phone signature and a confidentiality disclaimer', () => {
    const read = complaintText(`${chain}\nThis message and any attachments may contain privileged information.`);
    expect(read).not.toMatch(/wrote:|iPhone|privileged/i);
  });

  it('leaves a ">" outside an e-mail chain as written', () => {
    expect(complaintText('freezer reads > 10 degrees, should be below 0')).toBe('freezer reads > 10 degrees, should be below 0');
  });

  it.each([
    ['Flame Grill, unit 4: the hood lights are out', 'the hood lights are out'],
    ['Hi, this is Spark Fitness in suite 120, a ceiling tile is stained', 'suite 120, a ceiling tile is stained'],
  ])('drops a shop name written in capitals: %p', (raw, kept) => {
    const read = complaintText(raw);
    expect(read).toContain(kept);
    expect(read).not.toMatch(/flame|spark/i);
  });

  it('keeps the words of an upper-case line, where every word is capitalised', () => {
    expect(complaintText('SPARKS FROM OUTLET BY THE GRILL STATION')).toContain('SPARKS');
  });
});
