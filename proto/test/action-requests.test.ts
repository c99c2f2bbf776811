import { actionMessages, actionRequestSchema, firstMessage, newActionSchema } from '../src';

const messageOf = (result: { success: boolean; error?: import('zod').ZodError }) =>
  result.success ? null : firstMessage(result.error!);

describe('action request schemas (spec section 5)', () => {
  it('trims the text and defaults the priority to Medium', () => {
    expect(newActionSchema.parse({ text: '  Water the plants ' })).toEqual({
      text: 'Water the plants',
      priority: 'Medium',
    });
    for (const priority of [null, '']) {
      expect(newActionSchema.parse({ text: 'x', priority }).priority).toBe('Medium');
    }
    expect(newActionSchema.parse({ text: 'x', priority: 'Low' }).priority).toBe('Low');
  });

  it.each([
    [{ text: 'x'.repeat(181) }, 'Action must have at most 180 characters.'],
    [{ text: `  ${'x'.repeat(180)}  ` }, null],
    [{ text: '🙂'.repeat(180) }, null],
    [{ text: '\t\t' }, actionMessages.textOnlyTabs],
    [{ text: ' \t ' }, actionMessages.textRequired],
    [{}, actionMessages.textRequired],
    [{ text: ['x'] }, 'Action must be text.'],
    [{ text: 'bell\u0007' }, actionMessages.textControl],
    [{ text: 'two\nlines\tand a tab' }, null],
    [{ text: 'x', priority: 'high' }, actionMessages.priorityInvalid],
    [[], 'The request must be a JSON object.'],
  ])('%j → %s', (body, message) => {
    expect(messageOf(newActionSchema.safeParse(body))).toBe(message);
  });

  it('needs a follower id for a request, lower-cased', () => {
    expect(messageOf(actionRequestSchema.safeParse({ text: 'x' }))).toBe(actionMessages.forCirrusRequired);
    expect(messageOf(actionRequestSchema.safeParse({ forCirrusI: 'bob', text: 'x' }))).toBe(
      actionMessages.forCirrusRequired,
    );
    expect(
      actionRequestSchema.parse({
        forCirrusI: '0BE7E0C4-0000-4000-8000-00000000000A',
        text: 'x',
        priority: 'High',
      }),
    ).toEqual({ forCirrusI: '0be7e0c4-0000-4000-8000-00000000000a', text: 'x', priority: 'High' });
  });

  it("says where a request went in the spec's words", () => {
    expect(actionMessages.requestSent('Bob Stone')).toBe('An Action request has been sent to Bob Stone.');
  });
});
