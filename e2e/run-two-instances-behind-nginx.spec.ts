import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIResponse } from "@playwright/test";
import { CLUSTER_ADMIN, portAnswers, startCluster, type Cluster } from "./support/cluster";

/**
 * Several instances, one truth: a participant pays, is verified and takes the exam through
 * nginx while requests alternate between two instances; one is SIGKILLed half way through and
 * the exam carries on and is submitted through the survivor, with nothing lost.
 */

/** The seeded paid quiz (lib/seed): registration open now, the exam a week away. */
const PAID_QUIZ_ID = "5eed0000-0000-4000-8001-000000000002";
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The first 1 s slice of a recording by Chromium's MediaRecorder: the WebM header and the first frames. */
const WEBM_HEADER_SLICE = readFileSync(path.join(import.meta.dirname, "../tests/fixtures/recording/chromium-vp9-0.webm"));
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

test.describe.configure({ timeout: 180_000 });

let cluster: Cluster | undefined;

test.beforeAll(async () => {
  // Two production servers migrating, seeding and starting their job workers on a busy CI machine.
  test.setTimeout(120_000);
  cluster = await startCluster();
});

test.afterEach(async ({}, testInfo) => {
  if (cluster && testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach("cluster logs", { body: await cluster.logs(), contentType: "text/plain" });
  }
});

test.afterAll(async () => {
  await cluster?.stop();
});

function screenshot(): Buffer {
  return Buffer.concat([Buffer.from(PNG_SIGNATURE), randomBytes(2000)]);
}

/**
 * One second of recording: the first slice carries the WebM header, later ones continue it with
 * a WebM SimpleBlock (track 1) of random frame bytes.
 */
function recordingSlice(sequence: number): Buffer {
  if (sequence === 0) return WEBM_HEADER_SLICE;
  const frame = randomBytes(1000 + sequence * 97);
  const header = Buffer.alloc(13);
  header[0] = 0xa3; // SimpleBlock
  header[1] = 0x01; // its size in 8 bytes
  header.writeUIntBE(4 + frame.length, 3, 6);
  header[9] = 0x81; // track 1, timecode 0
  header[12] = 0x80; // keyframe
  return Buffer.concat([header, frame]);
}

interface Served<Body> {
  body: Body;
  /** Every instance nginx tried, in order; the last one answered. */
  upstreams: string[];
}

async function expectStatus<Body = Record<string, unknown>>(pending: Promise<APIResponse>, status = 200): Promise<Served<Body>> {
  const response = await pending;
  expect(response.status(), `${response.url()} answered ${await response.text()}`).toBe(status);
  const header = response.headers()["x-upstream"];
  expect(header, `nginx names the instance behind ${response.url()}`).toBeTruthy();
  const isJson = response.headers()["content-type"]?.startsWith("application/json");
  return { body: (isJson ? await response.json() : await response.body()) as Body, upstreams: header.split(", ") };
}

const answeredBy = (served: Served<unknown>) => served.upstreams[served.upstreams.length - 1];

interface Transaction {
  id: string;
  type: string;
  mode: string;
  status: string;
  amountPaise: number;
}

interface ExamView {
  attemptId: string;
  questions: { id: string; options: string[] }[];
  answers: Record<string, number>;
  submitted: { score: number | null; totalMarks: number } | null;
}

interface AdminQuiz {
  id: string;
  title: string;
  name: string;
  description: string;
  prizeMoneyPaise: number;
  entryFeePaise: number;
  capacity: number | null;
  durationSeconds: number;
  shuffleQuestions: boolean;
  contestModel: "free_entry" | "paid_certificates" | "paid_cash";
  questions: string[];
}

test("a participant pays, and takes the exam across two instances while one is killed, losing nothing", async ({ playwright }) => {
  const { url, instances } = cluster!;
  // Separate cookie jars. A browser sends Origin with every write; the app compares it with the Host nginx passes on.
  const client = () => playwright.request.newContext({ baseURL: url, extraHTTPHeaders: { origin: url } });
  const [participant, admin] = [await client(), await client()];
  try {
    const { userId, feeProof, feeProofServer } = await test.step("sign up and pay the entry fee and a top-up by UPI, with screenshots", async () => {
      const email = `cluster-${randomBytes(5).toString("hex")}@example.test`;
      const { body } = await expectStatus<{ user: { id: string } }>(participant.post("/api/register", { data: { name: "Kavya Menon", email, password: "a-long-password", dob: "1995-01-01" } }), 201);
      await expectStatus(participant.put(`/api/editUser/${body.user.id}`, { data: { name: "Kavya Menon", dob: "1995-01-01" } }));

      const feeScreenshot = screenshot();
      const upload = await expectStatus<{ url: string }>(participant.post("/api/upload", { multipart: { file: { name: "fee.png", mimeType: "image/png", buffer: feeScreenshot }, imageType: "payment" } }), 201);
      await expectStatus(participant.post("/api/wallet/credit", { data: { paymentType: "form pay", quizId: PAID_QUIZ_ID, payeeName: "Kavya Menon", paymentId: "400000000001", paysnapurl: upload.body.url } }), 201);

      const topUpProof = await expectStatus<{ url: string }>(participant.post("/api/upload", { multipart: { file: { name: "top-up.png", mimeType: "image/png", buffer: screenshot() }, imageType: "payment" } }), 201);
      await expectStatus(participant.post("/api/wallet/credit", { data: { paymentType: "credit", amount: 200, payeeName: "Kavya Menon", paymentId: "400000000002", paysnapurl: topUpProof.body.url } }), 201);
      return { userId: body.user.id, feeProof: { url: upload.body.url, bytes: feeScreenshot }, feeProofServer: answeredBy(upload) };
    });

    await test.step("the admin verifies both payments, each exactly once", async () => {
      await expectStatus(admin.post("/api/login", { data: CLUSTER_ADMIN }));
      const { body } = await expectStatus<{ rows: Transaction[] }>(participant.get("/api/wallet/history"));
      expect(body.rows.map((row) => `${row.type} ${row.status}`).sort()).toEqual(["credit pending", "form pay pending"]);
      for (const row of body.rows) {
        const verify = () => admin.put(`/api/wallet/transaction/${row.id}`, { data: { paymentVerified: "verified" } });
        const first = await expectStatus(verify());
        // A second click, landing on the other instance, changes nothing.
        const second = await expectStatus(verify(), 409);
        expect(answeredBy(second)).not.toBe(answeredBy(first));
      }
    });

    const correctOption = await test.step("the admin opens the exam now, with shuffled options", async () => {
      const { body } = await expectStatus<{ quizzes: AdminQuiz[] }>(admin.get("/api/getquizes"));
      const quiz = body.quizzes.find((candidate) => candidate.id === PAID_QUIZ_ID)!;
      const now = Date.now();
      await expectStatus(
        admin.put(`/api/updatequizes/${PAID_QUIZ_ID}`, {
          data: {
            title: quiz.title,
            name: quiz.name,
            description: quiz.description,
            prizeMoney: quiz.prizeMoneyPaise / 100,
            entryFee: quiz.entryFeePaise / 100,
            capacity: quiz.capacity,
            durationMinutes: quiz.durationSeconds / 60,
            shuffleQuestions: quiz.shuffleQuestions,
            shuffleOptions: true,
            // Every save names its contest model (no default since issue 32): the seeded quiz keeps its own.
            contestModel: quiz.contestModel,
            formStartDate: new Date(now - 2 * DAY),
            formEndDate: new Date(now - MINUTE),
            examDate: new Date(now - MINUTE),
            examEndDate: new Date(now + 2 * 60 * MINUTE),
            resultDate: new Date(now + DAY),
            questions: quiz.questions,
          },
        }),
      );
      const bank = await expectStatus<{ questions: { id: string; options: string[]; correctOptionIndex: number }[] }>(admin.get("/api/getallquestions"));
      return new Map(bank.body.questions.map((question) => [question.id, question.options[question.correctOptionIndex]]));
    });

    const start = await expectStatus<ExamView>(participant.post(`/api/exam/${PAID_QUIZ_ID}/start`));
    const { attemptId, questions } = start.body;
    expect(questions).toHaveLength(25);
    const half = Math.ceil(questions.length / 2);
    const victim = instances.find((instance) => instance.address === feeProofServer)!;
    const survivor = instances.find((instance) => instance !== victim)!;
    /** The displayed option chosen per question: wrong on every third (0, 3, ...), right otherwise. */
    const chosen: Record<string, number> = {};
    const slices: Buffer[] = [];
    const saves: Served<unknown>[] = [];
    const uploads: Served<unknown>[] = [];

    async function answer(index: number) {
      const question = questions[index];
      const right = question.options.indexOf(correctOption.get(question.id)!);
      chosen[question.id] = index % 3 === 0 ? (right + 1) % 4 : right;
      const saved = await expectStatus<{ saved: boolean }>(
        participant.put(`/api/exam/${PAID_QUIZ_ID}/answers`, {
          data: { questionId: question.id, selectedOptionIndex: chosen[question.id], answeredAt: new Date().toISOString(), currentQuestionIndex: index, timeLeftSeconds: 1800 - index * 10 },
        }),
      );
      expect(saved.body).toEqual({ saved: true, deadlineAt: expect.any(String) });
      saves.push(saved);
    }

    async function record(sequence: number) {
      const slice = recordingSlice(sequence);
      slices.push(slice);
      uploads.push(
        await expectStatus(
          participant.post("/api/wasabi/upload-exam-chunk", { multipart: { chunk: { name: `${sequence}.webm`, mimeType: "video/webm", buffer: slice }, quizID: PAID_QUIZ_ID, sequence: String(sequence), userID: userId } }),
          201,
        ),
      );
    }

    /** nginx alternates strictly, so swapping the order each question sends every kind of request to both instances. */
    async function answerAndRecord(index: number) {
      if (index % 2 === 0) {
        await answer(index);
        await record(index);
      } else {
        await record(index);
        await answer(index);
      }
    }

    const both = instances.map((instance) => instance.address).sort();
    await test.step("the first half of the exam alternates between both instances", async () => {
      for (let index = 0; index < half; index++) await answerAndRecord(index);
      for (const kind of [saves, uploads]) {
        expect([...new Set(kind.map(answeredBy))].sort()).toEqual(both);
        for (const exchange of kind) expect(exchange.upstreams).toHaveLength(1);
      }
    });

    await test.step("SIGKILL the instance that stored the payment screenshot", async () => {
      await victim.kill();
      expect(await portAnswers(victim.port)).toBe(false);
      expect(await portAnswers(survivor.port)).toBe(true);
    });

    await test.step("the second half goes to the survivor, and the participant never notices", async () => {
      for (let index = half; index < questions.length; index++) await answerAndRecord(index);
      const afterKill = [...saves.slice(half), ...uploads.slice(half)];
      for (const exchange of afterKill) expect(answeredBy(exchange)).toBe(survivor.address);
      // nginx did try the dead instance, and passed those requests on.
      expect(afterKill.some((exchange) => exchange.upstreams.includes(victim.address))).toBe(true);

      const resumed = await expectStatus<ExamView>(participant.get(`/api/exam/${PAID_QUIZ_ID}`));
      expect(resumed.body.answers).toEqual(chosen);
    });

    const expectedScore = questions.length - Math.ceil(questions.length / 3);
    await test.step("submit through the survivor: the server scores every answer (the admin sees the score below; the participant once the window has closed)", async () => {
      const submitted = await expectStatus<ExamView>(participant.post(`/api/exam/${PAID_QUIZ_ID}/submit`));
      expect(answeredBy(submitted)).toBe(survivor.address);
      expect(submitted.body.submitted).toEqual(expect.objectContaining({ score: null, totalMarks: 25 }));
    });

    await test.step("every answer is in the database, as chosen", async () => {
      const rows = await cluster!.query<{ question_id: string; option: string }>(
        `select aa.question_id, q.options[aa.selected_option_index + 1] as option
         from attempt_answers aa join questions q on q.id = aa.question_id where aa.attempt_id = $1`,
        [attemptId],
      );
      const stored = Object.fromEntries(rows.map((row) => [row.question_id, row.option]));
      expect(stored).toEqual(Object.fromEntries(questions.map((question) => [question.id, question.options[chosen[question.id]]])));
    });

    await test.step("the admin sees the response, the whole recording (read back from S3) and the screenshot", async () => {
      const { body } = await expectStatus<{ responses: { id: string; score: number; answered: number; recordingChunks: number }[] }>(admin.get(`/api/responses?quizId=${PAID_QUIZ_ID}`));
      expect(body.responses).toEqual([expect.objectContaining({ id: attemptId, score: expectedScore, answered: 25, recordingChunks: 25 })]);

      const recording = await expectStatus<Buffer>(admin.get(`/api/recordings/${attemptId}?segment=0`));
      expect(recording.body.equals(Buffer.concat(slices))).toBe(true);
      expect((await admin.get(`/api/recordings/${attemptId}?segment=1`)).status()).toBe(404);

      // Uploaded through the instance that is gone, served by the one that is left.
      const proof = await expectStatus<Buffer>(admin.get(feeProof.url));
      expect(answeredBy(proof)).toBe(survivor.address);
      expect(proof.body.equals(feeProof.bytes)).toBe(true);
      for (const instance of instances) expect(existsSync(path.join(instance.dataDir, "uploads"))).toBe(false);
    });

    await test.step("the ledger balances: one entry fee, one top-up, and a wallet that agrees", async () => {
      const { body } = await expectStatus<{ rows: Transaction[]; total: number }>(participant.get("/api/wallet/history"));
      expect(body.total).toBe(2);
      expect(body.rows.map(({ type, mode, status, amountPaise }) => ({ type, mode, status, amountPaise })).sort((a, b) => a.type.localeCompare(b.type))).toEqual([
        { type: "credit", mode: "upi", status: "verified", amountPaise: 20_000 },
        { type: "form pay", mode: "upi", status: "verified", amountPaise: 50_000 },
      ]);
      // The API reports the balance with the profile, which a profile save returns.
      const profile = await expectStatus<{ user: { walletBalancePaise: number } }>(participant.put(`/api/editUser/${userId}`, { data: { name: "Kavya Menon" } }));
      expect(profile.body.user.walletBalancePaise).toBe(20_000);
      const [ledger] = await cluster!.query<{ balance: number; verified: number }>(
        `select u.wallet_balance_paise as balance,
                (select coalesce(sum(case when t.type = 'credit' then t.amount_paise
                                          when t.type = 'debit' or (t.type = 'form pay' and t.mode = 'wallet') then -t.amount_paise
                                          else 0 end), 0)::int
                 from transactions t where t.user_id = u.id and t.status = 'verified') as verified
         from users u where u.id = $1`,
        [userId],
      );
      expect(ledger).toEqual({ balance: 20_000, verified: 20_000 });
    });
  } finally {
    await participant.dispose();
    await admin.dispose();
  }
});
