import { todayInIndia } from '@railmadad/contract';
import { describe, expect, it } from 'vitest';
import { type ComplaintForm, emptyForm, fromFields, oneYearBefore, serverErrors, toFields, validate } from './complaint-form';

const filled = (over: Partial<ComplaintForm> = {}): ComplaintForm => ({
  ...emptyForm(),
  type: 'water',
  trainNumber: '12951',
  pnr: '1234567890',
  location: 'B2, berth 34',
  description: 'No water in the toilet since Kota.',
  ...over,
});

describe('the complaint form', () => {
  it('starts on a train, at Medium, dated today', () => {
    const form = emptyForm('+919876543210');
    expect([form.where, form.severity, form.incidentDate, form.mobile]).toEqual(['train', 'medium', todayInIndia(), '+919876543210']);
  });

  it('passes a complete train complaint', () => {
    expect(validate(toFields(filled(), 'en'))).toEqual({});
  });

  it('names each missing or malformed field with the shared schema’s code', () => {
    const errors = validate(toFields(filled({ type: '', trainNumber: '1295', pnr: '123', location: ' ', description: 'short' }), 'en'));
    expect(errors).toEqual({
      type: 'type_required',
      trainNumber: 'train_invalid',
      pnr: 'pnr_invalid',
      location: 'location_required',
      description: 'description_too_short',
    });
  });

  it('sends the UTS number instead of the PNR for an unreserved ticket', () => {
    const fields = toFields(filled({ isUnreserved: true, utsNumber: 'X1234567' }), 'hi');
    expect([fields.pnr, fields.utsNumber, fields.language]).toEqual([undefined, 'X1234567', 'hi']);
    expect(validate(fields)).toEqual({});
  });

  it('needs a station, not a train, for a complaint at a station', () => {
    const form = filled({ where: 'station', trainNumber: '', pnr: '', location: 'Platform 3' });
    expect(validate(toFields(form, 'en'))).toEqual({ station: 'station_required' });
    const fields = toFields({ ...form, station: 'Kota Junction' }, 'en');
    expect(validate(fields)).toEqual({});
    expect(fields.station).toBe('Kota Junction');
  });

  it('refuses a date in the future or more than a year back', () => {
    const today = todayInIndia();
    expect(validate(toFields(filled({ incidentDate: '2999-01-01' }), 'en'))).toEqual({ incidentDate: 'date_in_future' });
    const tooOld = new Date(`${oneYearBefore(today)}T00:00:00Z`);
    tooOld.setUTCDate(tooOld.getUTCDate() - 1);
    expect(validate(toFields(filled({ incidentDate: tooOld.toISOString().slice(0, 10) }), 'en'))).toEqual({ incidentDate: 'date_too_old' });
    expect(validate(toFields(filled({ incidentDate: oneYearBefore(today) }), 'en'))).toEqual({});
  });

  it('normalises the mobile number the original prototype’s way and rejects a malformed one', () => {
    expect(toFields(filled({ mobile: '98765 43210' }), 'en').mobile).toBe('+919876543210');
    expect(validate(toFields(filled({ mobile: '0' }), 'en'))).toEqual({ mobile: 'invalid_phone' });
    expect(toFields(filled({ mobile: ' ' }), 'en').mobile).toBeUndefined();
  });

  it('comes back from what was sent', () => {
    const form = filled({ isUnreserved: true, utsNumber: 'X1234567', pnr: '', severity: 'high' });
    expect(fromFields(toFields(form, 'en'))).toEqual({ ...form, mobile: '' });
  });

  it('places the server’s photo refusals on the photos', () => {
    expect(serverErrors('invalid_image', undefined)).toEqual({ photos: 'invalid_image' });
    expect(serverErrors('validation_failed', { pnr: 'pnr_invalid' })).toEqual({ pnr: 'pnr_invalid' });
  });
});
