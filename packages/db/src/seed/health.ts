import type { Db } from "../client.ts";
import { forTenant } from "../tenant.ts";

/**
 * Texts in the school's language. `care` and `departedTo` follow the order of the school's symptoms and departures
 * (seed/catalogues.ts), so that a bump is treated as a bump and a student sent home goes home.
 */
const TEXTS = {
  es: {
    arrivedFrom: ["Aula", "Patio (recreo)", "Clase de Educación Física", "Laboratorio", "Biblioteca", "Taller de arte"],
    care: [
      [
        "Se le tomó la temperatura (36,8 °C). Descansó 15 minutos y tomó agua.",
        "Refiere dolor desde la mañana. Reposo en camilla y compresa fría en la frente.",
      ],
      ["Refiere náuseas después del refrigerio. Se le dio agua tibia y reposo.", "Dolor abdominal leve. Se le indicó reposo y se avisó a la tutora."],
      ["Temperatura de 38,2 °C. Se llamó al apoderado para que lo recoja.", "Temperatura de 37,9 °C. Paños tibios y control cada 15 minutos."],
      [
        "Golpe en la rodilla durante el recreo. Se limpió la herida y se colocó una curita.",
        "Caída en la cancha. Hielo local por 10 minutos; sin signos de alarma.",
      ],
    ],
    departedTo: ["Regresó a su aula", "Se retiró a casa con su apoderado", "Trasladado a la clínica del seguro con aviso a la familia"],
    insurance: ["Rímac EPS", "Pacífico EPS", "Mapfre EPS", "La Positiva EPS", "EsSalud", "SIS"],
    hospital: [
      "Clínica San Felipe",
      "Clínica Ricardo Palma",
      "Clínica Internacional (sede San Borja)",
      "Hospital Edgardo Rebagliati",
      "Clínica Anglo Americana",
    ],
    physical: [
      "Contextura delgada.",
      "Contextura media; usa lentes.",
      "Contextura robusta.",
      "Lunar en la mejilla izquierda.",
      "Pequeña cicatriz en la rodilla derecha.",
      "Contextura media; sin señas particulares.",
    ],
    allergies: ["Penicilina", "Maní y frutos secos", "Mariscos", "Polen y ácaros (rinitis)", "Picadura de abeja", "Lactosa"],
    vaccines: ["Refuerzo de sarampión, paperas y rubéola (SPR)", "Vacuna contra la influenza de este año", "Segunda dosis contra el VPH"],
    contacts: ["Rosa Huamán (abuela) 987 654 321", "Jorge Salazar (tío) 986 112 233", "Carmen Vega (madrina) 981 445 566", "Luis Paredes (vecino) 984 778 899"],
  },
  en: {
    arrivedFrom: ["Classroom", "Playground (break)", "PE class", "Science lab", "Library", "Art room"],
    care: [
      ["Temperature taken (98.2 °F). Rested for 15 minutes and drank some water.", "Headache since the morning. Rested on the cot with a cold compress."],
      ["Temperature 100.6 °F. A guardian was called to pick the student up.", "Temperature 100.2 °F. Lukewarm cloths, checked every 15 minutes."],
      ["Grazed knee at break. Wound cleaned and a plaster applied.", "Fell on the court. Ice for 10 minutes; no warning signs."],
    ],
    departedTo: ["Went back to class", "Went home with a guardian"],
    insurance: ["Blue Cross Blue Shield", "Aetna", "UnitedHealthcare", "Cigna", "Kaiser Permanente"],
    hospital: ["St. Mary's Hospital", "Northside Medical Center", "Children's Hospital", "City General Hospital"],
    physical: [
      "Slim build.",
      "Medium build; wears glasses.",
      "Sturdy build.",
      "Birthmark on the left cheek.",
      "Small scar on the right knee.",
      "Medium build; no distinguishing marks.",
    ],
    allergies: ["Penicillin", "Peanuts and tree nuts", "Shellfish", "Pollen and dust mites (hay fever)", "Bee stings", "Lactose"],
    vaccines: ["MMR booster", "This year's flu shot", "Second HPV dose"],
    contacts: ["Rose Miller (grandmother) 555 0142", "George Allen (uncle) 555 0178", "Carol Young (godmother) 555 0193", "Lou Parker (neighbour) 555 0117"],
  },
} as const;

const BLOOD = ["O+", "O+", "O+", "O+", "A+", "O-", "B+", "A-", "AB+", "O+"] as const;
const VISITS = 40;
/** School days of the current period's first months, Monday to Friday. */
const SCHOOL_DAYS = Array.from({ length: 91 }, (_, i) => new Date(Date.UTC(2026, 2, 2 + i))).filter((d) => d.getUTCDay() % 6 !== 0);

const pad = (n: number) => String(n).padStart(2, "0");
const clock = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
const oneDecimal = (n: number) => Math.round(n * 10) / 10;
/** A fixed spread of picks (no randomness, so that every demo school is the same). */
const nth = <T>(items: readonly T[], i: number, step = 1): T => items[(i * step) % items.length]!;

/**
 * The demo school's infirmary log (about 40 visits over the first months of the year) and the medical records of
 * three students in five, in the school's language.
 */
export async function seedHealth(db: Db, tenantId: number) {
  const t = forTenant(db, tenantId);
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { defaultLocale: true } });
  const texts = TEXTS[tenant.defaultLocale === "en" ? "en" : "es"];
  const students = await t.user.findMany({ where: { type: 2 }, orderBy: { id: "asc" }, select: { id: true, birthday: true } });
  if (students.length === 0) return;
  const values = await t.infirmaryValue.findMany({ orderBy: { id: "asc" }, select: { id: true, type: true } });
  const symptoms = values.filter((v) => v.type === "SYM");
  const outcomes = values.filter((v) => v.type === "OUT");

  await t.infirmaryEntry.createMany({
    data: Array.from({ length: VISITS }, (_, i) => {
      const symptom = i % symptoms.length;
      // Most go back to class; now and then one goes home, rarely to a clinic.
      const outcome = Math.min(i % 10 === 9 ? 2 : i % 5 === 4 ? 1 : 0, Math.max(0, outcomes.length - 1));
      const timeIn = 8 * 60 + ((i * 53) % 360);
      return {
        userId: nth(students, i, 37).id,
        date: SCHOOL_DAYS[Math.floor((i * SCHOOL_DAYS.length) / VISITS)]!,
        timeIn: clock(timeIn),
        timeOut: clock(timeIn + 10 + ((i * 7) % 35)),
        symptomId: symptoms[symptom]?.id ?? null,
        desc: nth(texts.care[symptom % texts.care.length]!, i),
        arrivedFrom: nth(texts.arrivedFrom, i, 5),
        outcomeId: outcomes[outcome]?.id ?? null,
        departedTo: texts.departedTo[Math.min(outcome, texts.departedTo.length - 1)]!,
      };
    }),
  });

  const start = new Date(Date.UTC(2026, 2, 1)).getTime();
  await t.medicalRecord.createMany({
    data: students
      .filter((_, i) => i % 5 < 3)
      .map((s, i) => {
        const age = s.birthday ? (start - s.birthday.getTime()) / (365.25 * 24 * 60 * 60 * 1000) : 10;
        const allergic = i % 7 === 3;
        const vaccinated = i % 6 !== 5;
        return {
          id: s.id,
          med_height: oneDecimal(78 + 6 * age + ((i * 13) % 90) / 10 - 4),
          med_weight: oneDecimal(9 + 2.6 * age + ((i * 17) % 70) / 10 - 3),
          med_blood: nth(BLOOD, i, 3),
          med_vaccines: vaccinated,
          med_vaccinesNo: vaccinated ? null : nth(texts.vaccines, i),
          med_allergies: allergic,
          med_allergiesList: allergic ? nth(texts.allergies, i) : null,
          med_insurance: nth(texts.insurance, i, 5),
          med_policy: String(2_000_000 + ((i * 7919) % 7_000_000)),
          med_prefHospital: nth(texts.hospital, i, 3),
          med_physicalCharacteristics: nth(texts.physical, i, 5),
          contact1: nth(texts.contacts, i),
          contact2: i % 3 === 0 ? nth(texts.contacts, i + 1) : null,
        };
      }),
  });
}
