import { FAMILY_PROBLEM_LEVEL, IMPORTED_STUDENT_STATUS, LINK_KIND, PERSON_TYPE, type TFamilyImportAnswer, type TLinkKind } from "@pizarra/contracts";
import type { TenantDb, TenantTx } from "@pizarra/db";
import type { AuthedContext } from "../../http/context.ts";
import { fullName } from "../../resource/display.ts";
import { headerKey } from "../../resource/import-fields.ts";
import { documentKey, type FamilyLine, type GuardianCells, type Problems } from "./read.ts";

type Db = TenantDb | TenantTx;

/** A guardian of the file: the lines that name one person (the same document, else the same phone) make one. */
export interface Guardian {
  line: number;
  cells: GuardianCells;
  docKey: string | null;
  cel: string | null;
  /** The school's relative this guardian is (reused), or none (created). */
  existingId: number | null;
  /** Set once created. */
  id?: number;
}

export interface PlannedLink {
  student: PlannedStudent;
  guardian: Guardian;
  userKind: TLinkKind;
  relation: string | null;
  pays: boolean;
  pickup: boolean;
  /** An existing link to write over (ended, or other flags), else a new one. */
  existing: boolean;
}

export interface PlannedStudent {
  line: number;
  codeKey: string;
  /** The student's row when they are in the school already. */
  existingId: number | null;
  /** A new student's whole row, or an existing one's changed fields (empty: unchanged). */
  data: Record<string, unknown>;
  /** The section to place them in, when they are not in it yet. */
  sectionId: number | null;
  id?: number;
}

export interface Plan {
  students: PlannedStudent[];
  guardians: Guardian[];
  links: PlannedLink[];
  answer: Omit<TFamilyImportAnswer, "dryRun" | "problems" | "more">;
}

const codeKeyOf = (code: string) => code.trim().toLowerCase();
const sameName = (a: string, b: string) => headerKey(a).replace(/\s+/g, " ") === headerKey(b).replace(/\s+/g, " ");
const dayOf = (date: Date | null | undefined) => date?.toISOString().slice(0, 10) ?? null;
/** At most this many names listed in a message (the grades or sections a file may name). */
const LISTED = 12;

/**
 * Works out what the file does to the school, without writing: which students are new or changed, which guardians
 * are already in the school (the same document, else the same phone: 002 §3), the links and section places to make.
 * What it cannot do is added to `problems` by line and column. Read inside the import's transaction after its lock,
 * so that what it finds is what the writes meet.
 */
export async function planImport(db: Db, ctx: AuthedContext, lines: FamilyLine[], problems: Problems): Promise<Plan> {
  const t = ctx.t;
  const period = await db.period.findFirst({ where: { current: true }, select: { id: true } });
  const grades = period
    ? await db.superSection.findMany({
        where: { periodId: period.id },
        select: { name: true, sections: { select: { id: true, name: true } } },
        orderBy: { sort: "asc" },
      })
    : [];

  const codes = [...new Set(lines.map((l) => codeKeyOf(l.student.externalId)).filter(Boolean))];
  const people = await db.user.findMany({
    where: { codeKey: { in: codes } },
    select: {
      id: true,
      type: true,
      codeKey: true,
      name: true,
      last: true,
      last2: true,
      gender: true,
      birthday: true,
      mail: true,
      documenttype: true,
      documentnumber: true,
      sections: { where: { section: { superSection: { periodId: period?.id ?? -1 } } }, select: { sectionId: true } },
    },
  });
  const byCode = new Map(people.map((p) => [p.codeKey!, p]));
  const mails = [
    ...new Set(
      lines
        .flatMap((l) => [l.student.mail, ...l.guardians.map((g) => g.mail)])
        .filter((m): m is string => !!m)
        .map(codeKeyOf),
    ),
  ];
  const mailOwners = new Map(
    (await db.user.findMany({ where: { mailKey: { in: mails } }, select: { id: true, mailKey: true } })).map((u) => [u.mailKey!, u.id] as const),
  );
  const relatives = await db.user.findMany({
    where: { type: { in: [PERSON_TYPE.relative, PERSON_TYPE.contact] }, OR: [{ documentnumber: { not: null } }, { cel: { not: null } }] },
    select: { id: true, name: true, last: true, last2: true, documentnumber: true, cel: true },
    orderBy: { id: "asc" },
  });
  const relativeByDoc = new Map<string, (typeof relatives)[number]>();
  const relativeByCel = new Map<string, (typeof relatives)[number]>();
  for (const r of relatives) {
    const doc = r.documentnumber ? documentKey(r.documentnumber) : "";
    if (doc && !relativeByDoc.has(doc)) relativeByDoc.set(doc, r);
    if (r.cel && !relativeByCel.has(r.cel)) relativeByCel.set(r.cel, r);
  }
  const studentIds = people.map((p) => p.id);
  const links = await db.kinship.findMany({
    where: { studentId: { in: studentIds } },
    select: {
      studentId: true,
      relativeId: true,
      userKind: true,
      relation: true,
      pays: true,
      pickup: true,
      endedAt: true,
      relative: { select: { name: true, last: true, last2: true } },
    },
  });
  const linkOf = new Map(links.map((l) => [`${l.studentId}:${l.relativeId}`, l]));

  /** Who claims an e-mail in the file: the first line and person, so that a second person giving it is refused. */
  const mailClaims = new Map<string, { line: number; who: string }>();
  const claimMail = (mail: string | undefined, who: string, ownId: number | null, line: number, column: string) => {
    if (!mail) return;
    const key = codeKeyOf(mail);
    const owner = mailOwners.get(key);
    if (owner !== undefined && owner !== ownId) return problems.add(line, column, t("familyImport.mailTaken", { value: mail }));
    const claim = mailClaims.get(key);
    if (claim && claim.who !== who) return problems.add(line, column, t("familyImport.mailTwice", { value: mail, other: claim.line }));
    if (!claim) mailClaims.set(key, { line, who });
  };

  const students: PlannedStudent[] = [];
  const studentLine = new Map<string, number>();
  const guardians: Guardian[] = [];
  const guardianByDoc = new Map<string, Guardian>();
  const guardianByCel = new Map<string, Guardian>();
  const plannedLinks: PlannedLink[] = [];
  const reused = new Set<number>();

  for (const { line, student: s, guardians: cells } of lines) {
    const codeKey = codeKeyOf(s.externalId);
    if (!codeKey) continue;
    if (studentLine.has(codeKey)) {
      problems.add(line, "externalId", t("familyImport.codeTwice", { value: s.externalId, other: studentLine.get(codeKey)! }));
      continue;
    }
    studentLine.set(codeKey, line);
    const person = byCode.get(codeKey);
    if (person && person.type !== PERSON_TYPE.student) {
      problems.add(line, "externalId", t("familyImport.codeNotStudent", { value: s.externalId }));
      continue;
    }
    claimMail(s.mail, `s:${codeKey}`, person?.id ?? null, line, "mail");

    let sectionId: number | null = null;
    if (!period) problems.add(line, "grade", t("familyImport.noPeriod"));
    else if (s.grade && s.section) {
      const grade = grades.find((g) => sameName(g.name, s.grade));
      const section = grade?.sections.find((x) => sameName(x.name, s.section));
      if (!grade)
        problems.add(
          line,
          "grade",
          t("familyImport.unknownGrade", {
            value: s.grade,
            names: grades
              .slice(0, LISTED)
              .map((g) => g.name)
              .join(", "),
          }),
        );
      else if (!section)
        problems.add(
          line,
          "section",
          t("familyImport.unknownSection", {
            value: s.section,
            grade: grade.name,
            names: grade.sections
              .slice(0, LISTED)
              .map((x) => x.name)
              .join(", "),
          }),
        );
      else if (!person?.sections.some((m) => m.sectionId === section.id)) sectionId = section.id;
    }

    const fields: Record<string, unknown> = {
      externalId: s.externalId,
      name: s.name,
      last: s.last,
      last2: s.last2,
      gender: s.gender,
      birthday: s.birthday,
      mail: s.mail,
      documenttype: s.documenttype,
      documentnumber: s.documentnumber,
    };
    const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    const data = person
      ? Object.fromEntries(
          Object.entries(given).filter(([k, v]) => {
            const stored = person[k as keyof typeof person];
            return k === "birthday" ? dayOf(v as Date) !== dayOf(stored as Date | null) : k === "externalId" ? false : v !== stored;
          }),
        )
      : { ...given, type: PERSON_TYPE.student, status: IMPORTED_STUDENT_STATUS, enrolled: true };
    const planned: PlannedStudent = { line, codeKey, existingId: person?.id ?? null, data, sectionId };
    students.push(planned);

    const onLine: Guardian[] = [];
    const principalOnLine = cells.some((g) => g.principal);
    for (const g of cells) {
      const guardian = guardianOf(g, line);
      if (!guardian) continue;
      if (onLine.includes(guardian)) {
        problems.add(line, `guardian${g.place}.name`, t("familyImport.sameGuardianTwice"));
        continue;
      }
      onLine.push(guardian);
      if (guardian.existingId !== null) reused.add(guardian.existingId);
      const userKind = g.principal ? LINK_KIND.principal : LINK_KIND.guardian;
      const wanted = { userKind, relation: g.relation, pays: g.pays, pickup: g.pickup };
      const old = person && guardian.existingId !== null ? linkOf.get(`${person.id}:${guardian.existingId}`) : undefined;
      const same = old && old.endedAt === null && Object.entries(wanted).every(([k, v]) => old[k as keyof typeof wanted] === v);
      if (!same) plannedLinks.push({ student: planned, guardian, ...wanted, existing: !!old });
    }
    // 002 §3: one principal guardian per student; one the file does not name stays, so the file cannot add another.
    const principal = person ? links.find((l) => l.studentId === person.id && l.userKind === LINK_KIND.principal && l.endedAt === null) : undefined;
    if (principal && principalOnLine && !onLine.some((g) => g.existingId === principal.relativeId)) {
      const place = cells.find((g) => g.principal)!.place;
      problems.add(line, `guardian${place}.principal`, t("familyImport.principalExists", { name: fullName(principal.relative, ctx.user.givenNamesFirst) }));
    }
  }

  /** The file's guardian for these cells: one already met (same document, else phone), else a new one, matched against the school. */
  function guardianOf(g: GuardianCells, line: number): Guardian | null {
    const column = (field: string) => `guardian${g.place}.${field}`;
    const spelled = `${g.name} ${g.last}`;
    const byDoc = g.docKey ? guardianByDoc.get(g.docKey) : undefined;
    const byCel = g.cel ? guardianByCel.get(g.cel) : undefined;
    if (!g.docKey && !g.cel) return null;
    if (byDoc && byCel && byDoc !== byCel) {
      problems.add(
        line,
        column("cel"),
        t("familyImport.guardianConflictFile", { guardian: g.place, doc: g.documentnumber!, docLine: byDoc.line, cel: g.cel!, celLine: byCel.line }),
      );
      return null;
    }
    const met = byDoc ?? byCel;
    if (met) {
      if (met.docKey && g.docKey && met.docKey !== g.docKey) {
        problems.add(
          line,
          column("cel"),
          t("familyImport.phoneOtherDocument", { guardian: g.place, cel: g.cel!, other: met.line, doc: met.cells.documentnumber! }),
        );
        return null;
      }
      const first = `${met.cells.name} ${met.cells.last}`;
      if (!sameName(first, spelled))
        problems.add(
          line,
          column("name"),
          t("familyImport.spelledInFile", { guardian: g.place, value: spelled, first, other: met.line }),
          FAMILY_PROBLEM_LEVEL.warning,
        );
      if (g.docKey && !met.docKey) guardianByDoc.set(g.docKey, met);
      if (g.cel && !met.cel) guardianByCel.set(g.cel, met);
      return met;
    }
    const docMatch = g.docKey ? relativeByDoc.get(g.docKey) : undefined;
    const celMatch = g.cel ? relativeByCel.get(g.cel) : undefined;
    if (docMatch && celMatch && docMatch.id !== celMatch.id) {
      problems.add(
        line,
        column("cel"),
        t("familyImport.guardianConflictSchool", {
          n: g.place,
          doc: g.documentnumber!,
          docName: fullName(docMatch, ctx.user.givenNamesFirst),
          cel: g.cel!,
          celName: fullName(celMatch, ctx.user.givenNamesFirst),
        }),
      );
      return null;
    }
    const found = docMatch ?? celMatch;
    if (found && !docMatch && g.docKey && found.documentnumber && documentKey(found.documentnumber) !== g.docKey) {
      problems.add(
        line,
        column("cel"),
        t("familyImport.phoneOtherDocumentSchool", {
          guardian: g.place,
          cel: g.cel!,
          name: fullName(found, ctx.user.givenNamesFirst),
          doc: found.documentnumber,
        }),
      );
      return null;
    }
    if (found) {
      const existing = fullName(found, ctx.user.givenNamesFirst);
      if (!sameName(`${found.name} ${found.last ?? ""}`, spelled))
        problems.add(line, column("name"), t("familyImport.spelledInSchool", { guardian: g.place, value: spelled, existing }), FAMILY_PROBLEM_LEVEL.warning);
    } else claimMail(g.mail, `g:${g.docKey ?? g.cel}`, null, line, column("mail"));
    const guardian: Guardian = { line, cells: g, docKey: g.docKey, cel: g.cel, existingId: found?.id ?? null };
    guardians.push(guardian);
    if (g.docKey) guardianByDoc.set(g.docKey, guardian);
    if (g.cel) guardianByCel.set(g.cel, guardian);
    return guardian;
  }

  const created = students.filter((s) => s.existingId === null).length;
  const updated = students.filter((s) => s.existingId !== null && Object.keys(s.data).length > 0).length;
  return {
    students,
    guardians,
    links: plannedLinks,
    answer: {
      lines: lines.length,
      students: { created, updated, unchanged: students.length - created - updated },
      guardians: { created: guardians.filter((g) => g.existingId === null).length, reused: reused.size },
      links: { created: plannedLinks.filter((l) => !l.existing).length, updated: plannedLinks.filter((l) => l.existing).length },
      placements: students.filter((s) => s.sectionId !== null).length,
    },
  };
}
