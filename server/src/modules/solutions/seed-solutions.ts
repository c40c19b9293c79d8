import type { ComplaintType } from '@railmadad/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { solution } from '../../db/schema';

type StarterSolution = { problem: string; type: ComplaintType; expectedMinutes: number; steps: string[] };

/**
 * The library a new installation starts with: the standard first responses of on-board and
 * station staff for the complaints passengers file most, across all 16 types. Admins edit and
 * retire them like any other solution.
 */
export const STARTER_SOLUTIONS: StarterSolution[] = [
  // ---- Water availability ----
  {
    type: 'water',
    problem: 'No water in the coach toilets or wash basins',
    expectedMinutes: 90,
    steps: [
      'Confirm the coach number and which toilets are dry with the passenger.',
      'Ask the coach attendant to check that the tank isolating valves are open and the coach is not simply drained at one end.',
      'Request water filling at the next watering station through the divisional Commercial Control, quoting train, coach and expected arrival.',
      'Inform the TTE and the train superintendent so the coach is watched at that halt.',
      'Suggest the toilets of the adjacent coach until filling is done.',
      'After the halt, confirm with the attendant that water is flowing and update the passenger.',
    ],
  },
  {
    type: 'water',
    problem: 'Toilet tap running continuously or water leaking on the floor',
    expectedMinutes: 45,
    steps: [
      'Ask the coach attendant to close the isolating cock of the leaking tap or pipe so the tank does not run dry.',
      'Put an "Out of order" card on the affected toilet and have the floor mopped.',
      'Book the defect with the Carriage & Wagon (C&W) staff at the next examining station through control.',
      'Confirm the repair with the C&W staff after the halt and reopen the toilet.',
    ],
  },
  {
    type: 'water',
    problem: 'No drinking water at the station platform',
    expectedMinutes: 60,
    steps: [
      'Note the station, platform number and the water booth or cooler that is dry.',
      'Inform the Station Manager and the station works (IOW) staff to restore supply to the booth or cooler.',
      'Direct the passenger to the nearest working booth or to the Rail Neer stall, which must sell at MRP.',
      'Ask the station health inspector to check the water quality once supply is restored.',
    ],
  },
  {
    type: 'water',
    problem: 'Packaged drinking water (Rail Neer) not available on the train',
    expectedMinutes: 30,
    steps: [
      'Ask the pantry car manager to supply Rail Neer or another approved brand at MRP.',
      'If the pantry has run out, arrange a fresh stock at the next major station through the IRCTC catering supervisor.',
      'Remind the vendor that unapproved brands and selling above MRP are not allowed.',
    ],
  },

  // ---- Coach maintenance / facilities ----
  {
    type: 'coach-maintenance',
    problem: 'Broken berth, seat, ladder or berth chain',
    expectedMinutes: 90,
    steps: [
      'Record the coach and berth number and what is broken.',
      'Ask the TTE to offer a vacant berth of the same class, if one is available on the chart.',
      'Book the defect with the C&W staff at the next examining station through control.',
      'Have the C&W staff repair or secure the berth during the halt.',
      'Confirm with the passenger after the halt and enter the defect in the coach repair register.',
    ],
  },
  {
    type: 'coach-maintenance',
    problem: 'Window shutter or glass jammed or broken',
    expectedMinutes: 60,
    steps: [
      'Find out whether the window will not open, will not close, or the glass is cracked.',
      'Have the coach attendant close the safety shutter if the glass is broken, and move the passenger away from the glass.',
      'Book the defect with the C&W staff at the next examining station through control.',
      'Confirm the repair after the halt.',
    ],
  },
  {
    type: 'coach-maintenance',
    problem: 'Toilet door latch broken or door jammed',
    expectedMinutes: 45,
    steps: [
      'Ask the coach attendant to free the door and put an "Out of order" card if it cannot be locked.',
      'Point the passenger to the other toilets of the coach.',
      'Book the defect with the C&W staff at the next examining station through control.',
      'Confirm the repair after the halt.',
    ],
  },
  {
    type: 'coach-maintenance',
    problem: 'Coach door will not open or close',
    expectedMinutes: 30,
    steps: [
      'Tell the passenger which other door of the vestibule to use in the meantime.',
      'Ask the coach attendant or guard to check the door latch and tower bolt.',
      'Book the defect with the C&W staff at the next examining station through control.',
      'Confirm the door works before the train leaves that station.',
    ],
  },

  // ---- Electrical equipment ----
  {
    type: 'electrical',
    problem: 'AC not cooling or too cold in the coach',
    expectedMinutes: 60,
    steps: [
      'Ask the passenger for the coach number and whether it is too warm or too cold.',
      'Inform the on-board AC mechanic to check the thermostat setting and the coach panel.',
      'If the mechanic cannot fix it, inform the Power (TL & AC) Control to have the electrical staff attend at the next station.',
      'Ask the TTE to offer berths in another AC coach if any are vacant.',
      'Tell the passenger that a TDR can be filed for a refund of the class difference if the AC fails for the journey.',
    ],
  },
  {
    type: 'electrical',
    problem: 'Lights or fans not working at a berth',
    expectedMinutes: 45,
    steps: [
      'Record the coach and berth number and which lights or fans are off.',
      'Ask the on-board electrician or AC mechanic to check the switch and the fuse on the coach panel.',
      'If not fixed on board, inform the Power Control to have the electrical staff attend at the next station.',
      'Confirm with the passenger once power is back.',
    ],
  },
  {
    type: 'electrical',
    problem: 'Mobile charging point not working',
    expectedMinutes: 30,
    steps: [
      'Record the coach and berth number.',
      'Ask the on-board electrician to check the charging point MCB on the coach panel.',
      'Point the passenger to another working socket in the coach meanwhile.',
      'Book a repair with the electrical staff at the next station if it stays dead.',
    ],
  },
  {
    type: 'electrical',
    problem: 'Power failure in the whole coach',
    expectedMinutes: 60,
    steps: [
      'Tell the passenger the failure has been reported and help is on the way.',
      'Inform the train electrician and the guard at once.',
      'Inform the Power Control so the electrical staff wait at the next station with spares.',
      'Ask the coach attendant to keep the doors and vestibules lit with emergency lights.',
      'Confirm with the passenger when power is restored.',
    ],
  },

  // ---- Medical assistance ----
  {
    type: 'medical',
    problem: 'Passenger taken ill on board and needs a doctor',
    expectedMinutes: 30,
    steps: [
      "Call the passenger back at once and note the patient's coach, berth, age and symptoms.",
      'Alert the TTE and train superintendent to reach the coach with the first-aid box and ask for a doctor among the passengers.',
      'Inform the divisional control to arrange a railway doctor at the next stopping station (an unscheduled stop if needed).',
      'Arrange an ambulance and a stretcher at that station for the patient.',
      'Keep in touch with the companion until the patient has been seen by the doctor.',
    ],
  },
  {
    type: 'medical',
    problem: 'First-aid or basic medicine needed on the train',
    expectedMinutes: 20,
    steps: [
      'Note the coach, berth and what is needed (dressing, pain or fever medicine, ORS).',
      'Ask the TTE or guard to bring the first-aid box to the berth.',
      'If the condition worsens, arrange a doctor at the next station through control.',
    ],
  },
  {
    type: 'medical',
    problem: 'Pregnant or elderly passenger needs medical help at the station',
    expectedMinutes: 30,
    steps: [
      'Note the train, coach and arrival time at the station.',
      'Inform the Station Manager to arrange the railway doctor, a wheelchair or stretcher and a porter at the coach.',
      'Arrange an ambulance to the nearest hospital if the doctor advises.',
      'Confirm with the companion that help met the train.',
    ],
  },

  // ---- Catering / vending ----
  {
    type: 'catering',
    problem: 'Food or water sold above the printed price, or no bill given',
    expectedMinutes: 30,
    steps: [
      "Note the vendor's name or ID card, the item and the price charged.",
      'Instruct the pantry car manager to refund the excess and issue a bill from the POS machine ("no bill, food is free").',
      'Report the vendor to the IRCTC catering supervisor for a penalty on the licensee.',
      'Confirm with the passenger that the money was refunded.',
    ],
  },
  {
    type: 'catering',
    problem: 'Stale, cold or poor-quality food served',
    expectedMinutes: 45,
    steps: [
      'Ask the pantry car manager to replace the meal at once.',
      'Keep a sample of the food for the catering inspector.',
      'Inform the IRCTC catering supervisor to inspect the pantry at the next station.',
      'Penalise the licensee if the sample fails and tell the passenger the outcome.',
    ],
  },
  {
    type: 'catering',
    problem: 'Meal ordered or pre-paid not delivered',
    expectedMinutes: 30,
    steps: [
      'Get the PNR and the order or booking ID.',
      'Ask the pantry car manager (or the e-catering partner for an online order) to deliver the meal at once.',
      'If it cannot be delivered, arrange the refund of the meal charge through IRCTC.',
      'Confirm with the passenger that food or refund reached them.',
    ],
  },

  // ---- Passengers' behaviour ----
  {
    type: 'passenger-behaviour',
    problem: 'Unauthorised person occupying a reserved berth',
    expectedMinutes: 20,
    steps: [
      'Ask the TTE to check the tickets of the occupants against the chart.',
      'Have the TTE remove or charge the unauthorised person and hand the berth back.',
      'If the person refuses, call the RPF escort of the train.',
      'Confirm with the passenger that the berth is free.',
    ],
  },
  {
    type: 'passenger-behaviour',
    problem: 'Co-passengers noisy or playing loud music at night',
    expectedMinutes: 20,
    steps: [
      'Ask the TTE or coach attendant to speak to the co-passengers: no loud music or talking after 10 pm.',
      'If it continues, call the RPF escort of the train.',
      'Confirm with the passenger that it is quiet.',
    ],
  },
  {
    type: 'passenger-behaviour',
    problem: 'Passengers smoking or drinking alcohol in the coach',
    expectedMinutes: 20,
    steps: [
      'Alert the RPF escort or the GRP of the next station with the coach number.',
      'Have the offenders fined under the Railways Act (smoking: Section 167; drunkenness: Section 145).',
      'Ask the coach attendant to air the coach and watch the vestibule.',
    ],
  },

  // ---- Punctuality ----
  {
    type: 'punctuality',
    problem: 'Train running late and passenger needs the expected time',
    expectedMinutes: 15,
    steps: [
      'Check the running position and expected arrival on NTES or with the divisional control.',
      'Tell the passenger the expected time and the reason, if known.',
      'Explain that a full refund can be claimed (TDR) if the train is more than 3 hours late and they do not travel.',
    ],
  },
  {
    type: 'punctuality',
    problem: 'Connecting train missed because of late running',
    expectedMinutes: 60,
    steps: [
      'Check with control that the late running caused the missed connection.',
      'Ask the Station Master to endorse the ticket for the next train or to refund the unused journey.',
      'Help the passenger file a TDR for the unused ticket if it was an e-ticket.',
      'Share the next available train and its quota.',
    ],
  },
  {
    type: 'punctuality',
    problem: 'Train held for a long time without any announcement',
    expectedMinutes: 20,
    steps: [
      'Ask the section controller why the train is held and for how long.',
      'Have the guard or TTE tell the passengers in the coaches.',
      'Ask the nearest station to arrange water and food if the wait will be long.',
    ],
  },

  // ---- Security ----
  {
    type: 'security',
    problem: 'Luggage or valuables stolen on the train',
    expectedMinutes: 60,
    steps: [
      'Note the coach, berth, what was stolen and when it was last seen.',
      'Alert the RPF escort on the train and the RPF post of the next station.',
      'Help the passenger lodge an FIR with the GRP; the TTE or RPF can take the complaint on board and send it on.',
      'Give the passenger the FIR number and the GRP contact to follow the case.',
    ],
  },
  {
    type: 'security',
    problem: 'Woman passenger harassed or feels unsafe',
    expectedMinutes: 15,
    steps: [
      "Call the passenger back at once and keep the line open if she wishes; note coach and berth.",
      'Alert the RPF escort and the Meri Saheli team of the division to reach the coach.',
      'Inform the RPF post of the next station to meet the train.',
      'Ask the TTE to shift her to a safer berth or the ladies quota if she wishes.',
      'Follow up until she reaches her destination safely.',
    ],
  },
  {
    type: 'security',
    problem: 'Suspicious person or unattended object in the coach',
    expectedMinutes: 15,
    steps: [
      'Ask the passenger not to touch the object and to move away from it.',
      'Alert the RPF escort and the divisional security control at once.',
      'Have the RPF and bomb detection team check the object at the next station.',
      'Tell the passenger when the coach is declared safe.',
    ],
  },

  // ---- Ticketing ----
  {
    type: 'ticketing',
    problem: 'Waitlisted or RAC passenger needs a berth',
    expectedMinutes: 30,
    steps: [
      'Get the PNR and check the current chart status.',
      'Ask the TTE to allot any vacant berth from the HHT in order of the waiting list.',
      'Tell the passenger the status; a fully waitlisted e-ticket is not valid for travel and is refunded automatically.',
    ],
  },
  {
    type: 'ticketing',
    problem: 'Wrong name, age or gender printed on the ticket',
    expectedMinutes: 60,
    steps: [
      'Get the PNR and the correct details, with a photo ID.',
      'For an e-ticket, tell the passenger to carry the original photo ID; the TTE can record the correction on board.',
      'For a counter ticket, ask the passenger to give a written request at the reservation office before charting.',
    ],
  },
  {
    type: 'ticketing',
    problem: 'UTS or ticket vending machine not working at the station',
    expectedMinutes: 30,
    steps: [
      'Note the station and which counter or machine is down.',
      'Inform the Chief Booking Supervisor to open another counter and call the machine vendor.',
      'Tell the passenger about the UTS mobile app and the other counters meanwhile.',
    ],
  },

  // ---- Coach cleanliness ----
  {
    type: 'coach-cleanliness',
    problem: 'Toilet dirty or choked',
    expectedMinutes: 45,
    steps: [
      'Note the coach and which toilet needs cleaning.',
      'Ask the On-Board Housekeeping Service (OBHS) staff to clean the toilet now.',
      'If the train has no OBHS, book cleaning at the next Clean Train Station through control.',
      'Confirm with the passenger that it has been cleaned.',
    ],
  },
  {
    type: 'coach-cleanliness',
    problem: 'Coach floor dirty or dustbin overflowing',
    expectedMinutes: 30,
    steps: [
      'Ask the OBHS staff to sweep the coach and empty the dustbins.',
      'If no OBHS, book cleaning at the next Clean Train Station through control.',
      'Ask the passengers of the coach to use the dustbins and not the floor.',
    ],
  },
  {
    type: 'coach-cleanliness',
    problem: 'Cockroaches, bed bugs or rats in the coach',
    expectedMinutes: 120,
    steps: [
      'Note the coach and berth and what was seen.',
      'Ask the OBHS staff to spray the berth area with the approved insecticide now.',
      'Inform the coaching depot to carry out pest control when the rake reaches the depot.',
      'Ask the TTE to offer another berth if one is vacant.',
    ],
  },

  // ---- Staff behaviour ----
  {
    type: 'staff-behaviour',
    problem: 'Rude or unhelpful behaviour by railway staff',
    expectedMinutes: 120,
    steps: [
      "Note the staff member's name or badge number, role, train or station, and what happened.",
      'Report it to the controlling officer of that staff member (e.g. the Chief Ticket Inspector for a TTE).',
      'Have the officer take the staff member’s version and counsel or take action.',
      'Apologise to the passenger and tell them the action taken.',
    ],
  },
  {
    type: 'staff-behaviour',
    problem: 'No TTE available in the coach',
    expectedMinutes: 30,
    steps: [
      'Find out from the chart which TTE is booked for the coach.',
      'Ask the train superintendent or the Chief Ticket Inspector on control to send the TTE to the coach.',
      'Give the passenger the TTE’s name and where to find them.',
    ],
  },
  {
    type: 'staff-behaviour',
    problem: 'Coach attendant not available or not responding',
    expectedMinutes: 30,
    steps: [
      'Note the coach number.',
      'Ask the linen or OBHS supervisor on the train to send the attendant to the coach.',
      'Report repeated absence to the contract supervisor for a penalty on the contractor.',
    ],
  },

  // ---- Refund of tickets ----
  {
    type: 'refund',
    problem: 'Refund not received for a cancelled e-ticket',
    expectedMinutes: 2880,
    steps: [
      'Get the PNR, the date of cancellation and the payment mode.',
      'Check the refund status with IRCTC; refunds reach the original payment account within 3–7 working days.',
      'If IRCTC shows it as paid, ask the passenger to check with their bank with the refund reference.',
      'If it is stuck, raise it with the IRCTC refund cell and tell the passenger the expected date.',
    ],
  },
  {
    type: 'refund',
    problem: 'Refund for a train cancelled by the railway',
    expectedMinutes: 1440,
    steps: [
      'Confirm the cancellation with the PNR.',
      'For an e-ticket, tell the passenger the full fare is refunded automatically; no TDR is needed.',
      'For a counter ticket, ask them to take it to any PRS counter within 3 days of the journey date for a full refund.',
    ],
  },
  {
    type: 'refund',
    problem: 'Refund when AC failed or the passenger travelled in a lower class',
    expectedMinutes: 1440,
    steps: [
      'Ask the TTE to certify the AC failure or the lower class given.',
      'Help the passenger file a TDR online (or at the counter) within 20 hours of arrival, with the reason.',
      'Track the TDR with the Chief Claims Officer and tell the passenger the refund of the fare difference.',
    ],
  },

  // ---- Passenger amenities ----
  {
    type: 'amenities',
    problem: 'Wheelchair or porter needed at the station',
    expectedMinutes: 30,
    steps: [
      'Note the station, train, coach and time of arrival or departure.',
      'Ask the Station Manager or the enquiry office to send a wheelchair and a licensed porter to the coach.',
      'Arrange the battery car if the station has one.',
      'Confirm with the passenger that help met them.',
    ],
  },
  {
    type: 'amenities',
    problem: 'Lift or escalator not working at the station',
    expectedMinutes: 120,
    steps: [
      'Note the station and which lift or escalator is down.',
      'Inform the Station Manager and the electrical maintenance staff to attend.',
      'Arrange a wheelchair, battery car or porter for passengers who cannot use the stairs meanwhile.',
    ],
  },
  {
    type: 'amenities',
    problem: 'Waiting room closed, dirty or without seats',
    expectedMinutes: 60,
    steps: [
      'Note the station and which waiting room.',
      'Inform the Station Manager to open it and send the cleaning staff.',
      'Check that fans, lights and toilets of the waiting room work.',
    ],
  },

  // ---- Bed roll ----
  {
    type: 'bedroll',
    problem: 'Bedroll not supplied in an AC coach',
    expectedMinutes: 20,
    steps: [
      'Note the coach and berth.',
      'Ask the linen attendant to supply the full set (two bedsheets, pillow with cover, blanket, towel).',
      'If the stock is short, have the linen supervisor bring more from another coach or at the next base station.',
    ],
  },
  {
    type: 'bedroll',
    problem: 'Dirty, torn or damp linen or blanket',
    expectedMinutes: 20,
    steps: [
      'Ask the linen attendant to replace the item from fresh stock at once.',
      'Have the item set aside for the mechanised laundry supervisor.',
      'Report repeated cases to the linen contract supervisor for a penalty.',
    ],
  },
  {
    type: 'bedroll',
    problem: 'Extra blanket needed',
    expectedMinutes: 15,
    steps: [
      'Note the coach and berth, and whether the passenger is travelling with children or elderly people.',
      'Ask the linen attendant to give a spare blanket if one is in stock.',
      'If none is spare, ask the AC mechanic to raise the coach temperature a little.',
    ],
  },

  // ---- Corruption / bribery ----
  {
    type: 'corruption',
    problem: 'TTE or staff asked for money without a receipt',
    expectedMinutes: 240,
    steps: [
      "Note the staff member's name or badge, train, coach, amount and time.",
      'Tell the passenger that every payment on board must get a receipt from the HHT or an EFT.',
      'Report it to the divisional vigilance cell with the passenger’s statement.',
      'Tell the passenger the vigilance reference and that their name is kept confidential.',
    ],
  },
  {
    type: 'corruption',
    problem: 'Overcharging at the ticket counter',
    expectedMinutes: 120,
    steps: [
      'Get the ticket details, the counter number and the amount charged.',
      'Ask the Chief Booking Supervisor to check the transaction and refund any excess.',
      'Report the clerk to the commercial vigilance for action.',
    ],
  },
  {
    type: 'corruption',
    problem: 'Porter or vendor demanding more than the fixed rate',
    expectedMinutes: 60,
    steps: [
      'Note the porter’s badge number or the vendor’s stall and the amount asked.',
      'Tell the passenger the rate board at the station shows the fixed charges.',
      'Ask the Station Manager to recover the excess and act against the porter or vendor.',
    ],
  },

  // ---- Miscellaneous ----
  {
    type: 'miscellaneous',
    problem: 'Item left behind on the train',
    expectedMinutes: 120,
    steps: [
      'Note the train, coach, berth and a description of the item.',
      'Ask the RPF post at the destination or the next station to search the coach.',
      'If found, have it kept at the station Lost Property Office and tell the passenger how to collect it with ID.',
    ],
  },
  {
    type: 'miscellaneous',
    problem: 'Passenger needs platform or train information',
    expectedMinutes: 10,
    steps: [
      'Check the platform and running status with the station enquiry or NTES.',
      'Tell the passenger the platform, expected time and coach position.',
      'Remind them of the 139 helpline for further updates.',
    ],
  },
  {
    type: 'miscellaneous',
    problem: 'Passenger wants to change the boarding station',
    expectedMinutes: 30,
    steps: [
      'Get the PNR and the new boarding station.',
      'For an e-ticket, explain that the boarding point can be changed online up to 24 hours before the chart.',
      'For a counter ticket, ask them to give a written request at the reservation office before charting.',
    ],
  },
];

/**
 * Loads the starter library when the table is empty (a new installation). Quick when it is not:
 * one indexed look-up. The fixed ids make two nodes starting together insert it only once.
 */
export async function ensureStarterSolutions(db: Db): Promise<number> {
  const [any] = await db.select({ one: sql<number>`1` }).from(solution).limit(1);
  if (any) return 0;
  const rows = STARTER_SOLUTIONS.map((s, i) => ({ id: `starter-${String(i + 1).padStart(2, '0')}`, problem: s.problem, steps: s.steps, type: s.type, expectedMinutes: s.expectedMinutes }));
  const inserted = await db.insert(solution).values(rows).onConflictDoNothing({ target: solution.id }).returning({ id: solution.id });
  return inserted.length;
}
