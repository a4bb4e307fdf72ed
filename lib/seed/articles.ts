import type { SeedArticle } from "./content-types";

/** What each launch cover shows, as its alt text. */
export const seedCoverAlt: Readonly<Record<string, string>> = {
  "/blog/olympiad.png": "The word Olympiad with the tagline learn, think, win, beside a gold star in a laurel wreath.",
  "/blog/study.png": "The word Study with the tagline habits that stick, beside an open book and a pencil.",
  "/blog/quiz.png": "The word Quiz with the tagline timed, multiple choice, beside answer options A to D with B ticked.",
  "/blog/information.png": "The word Information with the tagline rules, steps and payments, beside a document with an information sign.",
  "/blog/result.png": "The word Result with the tagline ranks and tie-breaks, beside a podium for first, second and third place.",
  "/blog/winner.png": "The word Winner with the tagline habits of top scorers, beside a gold trophy and stars.",
};

/** Launch blog posts. Facts here must match the product rules in the terms page and the seed. */
export const seedArticles: readonly SeedArticle[] = [
  {
    slug: "how-olympiad-works",
    title: "How Olympiad Works: From Sign-Up to Prize Day",
    description:
      "A plain walk-through of Olympiad: create an account, pay the ₹500 entry fee by UPI, sit a 25-question proctored quiz and see how the prizes are shared out.",
    keywords: ["Olympiad", "online quiz competition", "how it works", "prize quiz India", "proctored quiz"],
    category: "product",
    author: "Ananya Rao",
    imageUrl: "/blog/olympiad.png",
    publishedDaysAgo: 3,
    content: `Olympiad is a place to **learn, think and win**. We run timed quiz competitions for adults across India, and the best scores take home real prize money. This post explains the whole journey in one place, so nothing on exam day comes as a surprise.

## Step 1: Create your account

Sign up with your email address and fill in your profile: name, mobile number, date of birth and address. Olympiad is open to participants who are **18 years or older**, so please enter your real date of birth. Prizes are paid to verified people, and a profile that does not match you can cost you a prize later.

## Step 2: Try the free demo quiz

Before you spend a rupee, open the demo quiz. It has ten short questions and uses the same screen as the real competition. It is the best way to check that your browser, camera and microphone work, and to get a feel for the timer.

## Step 3: Register and pay the entry fee

Each competition has an entry fee of **₹500**, paid by UPI. After paying, you upload proof of the payment. An admin checks it by hand, and we promise to verify it **within 10 minutes**. Once it is verified, the competition shows up as registered on your dashboard.

## Step 4: Sit the exam

On exam day, the quiz opens during its announced window. The format is simple:

- **25 questions in 30 minutes**
- **1 mark** for each correct answer
- **No negative marking**, so a wrong answer costs nothing
- Camera, microphone and screen sharing stay on, and the quiz runs in full screen

Start only when you are ready. Once an attempt begins there is no going back and no second attempt, so choose a quiet room and a charged device.

## Step 5: Results and prizes

Results are published at the time shown on the competition page. The highest score wins, and between equal scores the faster submission ranks higher. The prize table is:

1. **First place:** ₹1,00,000
2. **Second place:** ₹51,000
3. **Third place:** ₹25,000
4. **The next 50 ranks:** a free entry to the next quiz

## Bring a friend

Every account has a referral code. When a friend signs up with your code and pays for their first quiz, you earn a **₹50 referral reward**. It is a small thank-you for growing the community.

## Why we built it

Lots of people enjoy testing themselves but rarely get a fair, well-run contest with a real reward at the end. Olympiad aims to be that contest: clear rules, honest ranking and questions that reward understanding more than luck. Read the fair play post next to see how we keep every attempt honest.
`,
  },
  {
    slug: "fair-play-and-proctoring",
    title: "Fair Play on Olympiad: How Proctoring Keeps Every Attempt Honest",
    description:
      "Why Olympiad asks for camera, microphone, screen share and full screen during a quiz, what is recorded, who can see it, and how it protects honest players.",
    keywords: ["Olympiad", "online proctoring", "fair play", "exam rules", "camera and screen share"],
    category: "product",
    author: "Vikram Menon",
    imageUrl: "/blog/olympiad.png",
    publishedDaysAgo: 12,
    content: `When real prize money is at stake, the contest is only worth entering if everyone plays by the same rules. That is why every paid Olympiad quiz is **proctored**. This post explains what that means in practice and why it works in your favour.

## What we ask for

Before the first question appears, your browser asks for a few permissions. The quiz will not start without them:

- **Camera**, so we can see that the person taking the quiz is the person who registered
- **Microphone**, so nobody in the room can quietly read out answers
- **Screen sharing**, so we can see that no other window or tab is open
- **Full screen**, so the quiz has your complete attention for 30 minutes

Use a laptop or desktop with a working webcam if you can, and close other apps before you begin. The free demo quiz is a good place to test all of this.

## What gets recorded

During the attempt we record your camera and screen, and we note events such as leaving full screen, switching away from the quiz, copying, pasting or opening developer tools. A single accidental event does not decide anything on its own. Recordings are reviewed by our admins when something looks unusual, and a clear pattern of cheating can lead to disqualification.

## Who can see it

Only you and the Olympiad admin team. Recordings and payment proofs are stored privately and are never made public, shared with other participants or sold. The privacy policy has the full detail.

## One attempt, no restarts

Each participant gets **one attempt per competition**. Once you start, there is no return to the beginning and no second try. This stops anyone from peeking at the questions and then restarting with a fresh timer. It also means you should only press start when you are settled, connected and ready for 25 questions in 30 minutes.

## Why this helps you

Proctoring can feel strict at first. Look at it from the other side, though. If you study hard and score 23 out of 25, you deserve to know that nobody above you got there with a second phone or a friend in the room. The rules make the leaderboard trustworthy, and a trustworthy leaderboard is what makes a prize of **₹1,00,000** worth chasing.

## A quick checklist

1. Sit in a well-lit room with your face clearly visible.
2. Keep your phone away from the desk.
3. Plug in your charger and check your internet connection.
4. Close chat apps, music players and extra browser tabs.
5. Tell family members you need half an hour of quiet.

Fair play is not only about catching cheating. It is about giving every honest participant the same chance to win.
`,
  },
  {
    slug: "study-habits-that-stick",
    title: "Five Study Habits That Actually Stick",
    description:
      "Short daily sessions, active recall, spaced revision, good sleep and a mistakes notebook: five study habits that build lasting knowledge without burnout.",
    keywords: ["study habits", "active recall", "spaced repetition", "exam preparation", "self study tips"],
    category: "education",
    author: "Priya Deshpande",
    imageUrl: "/blog/study.png",
    publishedDaysAgo: 41,
    content: `Most people do not fail because they lack talent. They fail because their study routine collapses after the first busy week. The habits below are small on purpose. Each one is easy to start, and together they build the kind of knowledge that holds up under a ticking clock.

## 1. Study a little, every day

Forty minutes a day beats a five-hour marathon on Sunday. Short sessions are easier to protect from the rest of life, and your memory consolidates what you learn between sessions. Pick a fixed slot, such as right after breakfast or before dinner, and treat it like an appointment you cannot move.

## 2. Test yourself instead of rereading

Rereading a chapter feels productive because the words look familiar. Familiar is not the same as remembered. Close the book and try to write down the main ideas, or answer a few practice questions without looking. This effort of pulling information out of memory, called **active recall**, is what makes it stick.

## 3. Space out your revision

Revisit a topic after one day, then after three days, then after a week. Each review comes just as you are about to forget, which strengthens the memory far more than cramming it all at once. A simple calendar or a stack of flashcards sorted into "today", "this week" and "later" is enough.

## 4. Protect your sleep

Sleep is when the brain files away the day's learning. Cutting it to squeeze in another hour of study usually backfires: you remember less and think more slowly the next day. Aim for a regular bedtime, especially in the week before a competition.

## 5. Keep a mistakes notebook

Every time you get a question wrong, write down:

- the question, in a line or two
- the answer you chose and why it was tempting
- the correct answer and the idea behind it

Read this notebook once a week. Mistakes you have already made are the cheapest lessons available, and patterns soon appear: perhaps you rush unit conversions, or misread "NOT" in a question.

## Putting it together

A realistic week might look like this: four days of 40-minute sessions with active recall, one day of spaced review, one day working through your mistakes notebook and one day off. None of it is glamorous, but a steady routine compounds quickly.

If you are preparing for an Olympiad quiz, use the free demo to see where you stand, then let these habits carry you the rest of the way. Learning comes first; the winning tends to follow.
`,
  },
  {
    slug: "building-a-general-knowledge-habit",
    title: "Building a General Knowledge Habit in Fifteen Minutes a Day",
    description:
      "General knowledge is not luck. A short daily routine of reading, note-making and weekly self-quizzing builds a wide base of facts you can actually recall.",
    keywords: ["general knowledge", "current affairs", "reading habit", "GK preparation", "daily routine"],
    category: "education",
    author: "Rohan Kulkarni",
    imageUrl: "/blog/study.png",
    publishedDaysAgo: 97,
    content: `General knowledge questions can feel random. One asks about a constitutional article, the next about a space mission, the one after that about a river. It is tempting to believe that some people simply "know things". In reality, a wide general knowledge is usually the result of a small, boring habit kept up for months.

## Start with fifteen minutes

You do not need hours. Fifteen focused minutes a day, every day, is enough to build a strong base over a season. The key word is *focused*: a newspaper read with a pen in hand, not a social feed scrolled while half-watching television.

## What to read

Spread your attention across a few areas instead of going deep into one:

- **National news:** major government decisions, new schemes and important court rulings
- **Science and technology:** space missions, health research and new inventions
- **Geography:** rivers, mountain ranges, states and their capitals, and where things happen on the map
- **History and polity:** key dates, the Constitution and how institutions work
- **Sport and culture:** major tournaments, awards and festivals

Rotate through these across the week so that no area is left untouched for long.

## Make notes you will reread

Facts you read once fade within days. Keep a small notebook or a document with a single line for each fact, written in your own words. Add the date you noted it. At the end of each week, read the whole week's notes once. At the end of each month, skim the month. This is spaced revision applied to current affairs.

## Quiz yourself every weekend

On Sunday, cover your notes and try to recall ten facts from the week. Better still, swap questions with a friend or family member. Explaining a fact to someone else is one of the fastest ways to make it permanent.

## Connect the facts

Isolated facts are hard to remember; connected facts support each other. When you read about a new dam, find the river on a map, note which states it flows through and recall what else you know about that region. Before long, your knowledge becomes a web rather than a list.

## Be patient

For the first few weeks it will feel as though nothing is sticking. Then, one day, a question appears and the answer is simply there. That moment is the habit paying off.

General knowledge makes up only part of an Olympiad paper, but it is often where close contests are decided. Fifteen minutes a day is a small price for an edge like that.
`,
  },
  {
    slug: "how-to-prepare-for-timed-mcq-tests",
    title: "How to Prepare for a Timed MCQ Test: 25 Questions in 30 Minutes",
    description:
      "Tactics for timed multiple-choice tests: pace yourself at about a minute a question, answer everything when there is no negative marking, and stay calm.",
    keywords: ["MCQ tips", "timed test strategy", "exam time management", "no negative marking", "quiz preparation"],
    category: "quiz",
    author: "Meera Iyer",
    imageUrl: "/blog/quiz.png",
    publishedDaysAgo: 21,
    content: `Knowing the material is only half of a timed test. The other half is managing the clock, your nerves and the format. An Olympiad quiz gives you **25 questions in 30 minutes**, which is a little over a minute per question. Here is how to make those minutes count.

## Know the rules before the day

Rules shape strategy. In an Olympiad quiz, each correct answer earns **1 mark** and there is **no negative marking**. That single fact changes everything: a blank answer and a wrong answer both score zero, so there is never a reason to leave a question unanswered. And because faster submission breaks ties, time saved at the end can matter too.

## Practise under real conditions

Timed practice is a different skill from untimed study. Set a timer for 30 minutes, sit 25 mixed questions, and do not pause. Afterwards, note how long the hard questions took you and which subjects slowed you down. The free demo quiz on Olympiad is useful here because it uses the same quiz screen and timer as the real thing.

## A pacing plan that works

Try a two-pass approach:

1. **First pass:** answer every question you can solve in under a minute. If one looks long, make a quick best guess, note it, and move on.
2. **Second pass:** return to the questions you noted and give them your remaining time.
3. **Final minute:** make sure every question has an answer selected.

This way the easy marks are safely banked before the difficult ones eat into your time.

## Tactics for tricky questions

- **Eliminate first.** Removing two clearly wrong options turns a one-in-four guess into a one-in-two choice.
- **Read the question twice.** Words like "NOT", "except" and "closest" change the answer completely.
- **Estimate before calculating.** In arithmetic questions, a rough estimate often rules out most options on its own.
- **Check your units.** Many physics and chemistry distractors are right numbers in the wrong units.

## Calm is a skill

Nerves speed up your reading and slow down your thinking. Before you press start, take three slow breaths. If you hit a question you cannot crack, remember that it is worth exactly the same single mark as the easiest one on the paper. Let it go and keep moving.

## On the day

Sleep properly, eat something light, and set up your room early: camera angle, charger, stable internet and a quiet space. Remember that an attempt cannot be restarted once it begins, so start only when everything is ready.

Preparation turns a stressful half hour into a familiar routine. Practise the routine enough and the clock stops being your enemy.
`,
  },
  {
    slug: "eligibility-and-registration-steps",
    title: "Who Can Take Part, and How to Register for an Olympiad Quiz",
    description:
      "Eligibility and registration steps for Olympiad quizzes: the 18+ age limit, one account per person, completing your profile and signing up for a quiz.",
    keywords: ["Olympiad registration", "eligibility", "age limit 18", "quiz sign up", "how to register"],
    category: "information",
    author: "Arjun Nair",
    imageUrl: "/blog/information.png",
    publishedDaysAgo: 8,
    content: `Before you pay an entry fee, it is worth checking that you are eligible and that your account is set up correctly. A few minutes spent here can save a lot of trouble when results and prizes arrive.

## Who can take part

Olympiad competitions are open to anyone who meets these conditions:

- You are **18 years or older** on the day you pay the entry fee.
- You hold **one account only**. Duplicate accounts are not allowed and can lead to disqualification.
- You can take the quiz on a device with a working **camera, microphone and screen sharing**, in a browser that supports full screen.
- You agree to the terms and conditions, including the fair play rules.

Students at college or university, working professionals and lifelong learners are all welcome. What matters is your age and your honesty, not your job title.

## Registration, step by step

1. **Create an account.** Sign up with your email address and choose a strong password.
2. **Complete your profile.** Add your full name, mobile number, date of birth and address. Use your real details, because prizes go only to verified winners.
3. **Add a referral code, if you have one.** If a friend invited you, sign up with their referral code. They earn ₹50 when you pay for your first quiz.
4. **Try the demo quiz.** It is free and checks that your device and permissions work.
5. **Choose a competition.** Open the quiz page to see its exam date, time window, result date and prize table.
6. **Pay the entry fee.** The fee is ₹500, paid by UPI. Our post on UPI payments explains exactly how that works.
7. **Wait for verification.** An admin confirms your payment, and we promise to do so within 10 minutes.

Once your payment is verified, the competition appears on your dashboard as registered.

## Before exam day

Read the competition page again a day or two before the exam. Note the exam window in India time, and plan to start well before it closes. Remember the format: **25 questions in 30 minutes**, 1 mark each, no negative marking. Once you start, the attempt cannot be restarted.

## Common questions

**Can I change my date of birth later?** Keep it accurate from the start. If you made a mistake, contact support before you pay.

**Can two people share one account?** No. Each account belongs to one person, and the proctoring recording must show that person.

**Can I register for more than one competition?** Yes. Each competition is registered and paid for separately.

If anything is unclear, write to our support team before the registration window closes. We would much rather answer a question early than turn someone away late.
`,
  },
  {
    slug: "paying-the-entry-fee-by-upi",
    title: "Paying the Olympiad Entry Fee by UPI: What Happens After You Pay",
    description:
      "How to pay the ₹500 Olympiad entry fee by UPI, upload your proof, and what manual verification by an admin means, plus how the ₹50 referral reward is earned.",
    keywords: ["UPI payment", "entry fee", "payment verification", "referral reward", "Olympiad"],
    category: "information",
    author: "Kavya Sharma",
    imageUrl: "/blog/information.png",
    publishedDaysAgo: 5,
    content: `Every paid Olympiad competition has an entry fee of **₹500**, paid by UPI. We check each payment by hand rather than relying on an automated gateway. This post explains why, and what you need to do at each step.

## How to pay

1. Open the competition page and choose to register.
2. Pay ₹500 using any UPI app to the UPI details shown on the page. Pay the exact amount in a single transaction.
3. Note the **UPI transaction ID** (sometimes called the UTR or reference number) shown in your app after the payment succeeds.
4. Back on Olympiad, enter the transaction ID and **upload a screenshot** of the successful payment.
5. Submit. Your payment now shows as pending.

## What manual verification means

An admin matches your proof against the payment received. If everything lines up, your payment is marked verified and the competition is added to your dashboard. We promise to complete this check **within 10 minutes**.

Manual verification keeps fees low and gives a real person the chance to catch mistakes, such as a payment made twice or a screenshot from the wrong transaction.

## Tips for a smooth check

- Make sure the screenshot clearly shows the amount, the date and time and the transaction ID.
- Do not crop out the status line that says the payment succeeded.
- Type the transaction ID carefully; one wrong digit makes the match harder.
- Pay from an account you can access in case we need to confirm a detail.

## If something goes wrong

If your payment cannot be verified, you will be told, so you can fix the problem, for example by uploading a clearer screenshot. If money has left your account but your payment is still pending well after 10 minutes, contact support with the transaction ID rather than paying again. Once verified, the entry fee is non-refundable, so double-check the competition date before paying.

## Earn ₹50 with referrals

Your profile has a personal referral code. Share it with friends who might enjoy the challenge. When a friend signs up with your code and **pays for their first quiz**, you receive a **₹50 referral reward**. Each friend can be referred only once, and you cannot refer yourself.

## Why not an automatic gateway?

Gateways add fees, and those costs would eventually reach you through higher entry fees. UPI is fast, familiar and free for most people, and a human check on each payment is a price we are happy to pay to keep the competition accessible.

Pay once, upload a clear proof, and your seat is confirmed within minutes. Then you can put your energy where it belongs: preparing for the quiz.
`,
  },
  {
    slug: "how-results-and-tie-breaks-work",
    title: "How Olympiad Results and Tie-Breaks Work",
    description:
      "How Olympiad ranks participants: the highest score wins, faster submission breaks equal scores, and exact ties share a rank and split the prize equally.",
    keywords: ["Olympiad results", "ranking rules", "tie-break", "prize money", "leaderboard"],
    category: "result",
    author: "Siddharth Gupta",
    imageUrl: "/blog/result.png",
    publishedDaysAgo: 15,
    content: `When hundreds of people sit the same 25 questions, many of them will end up on the same score. A fair contest needs clear rules for deciding who ranks where. Here is exactly how Olympiad turns attempts into a leaderboard.

## Rule 1: The highest score wins

Each correct answer earns **1 mark**, and there is **no negative marking**. Your score is simply the number of questions you answered correctly, out of 25. Participants are ranked from the highest score down.

## Rule 2: Faster submission breaks a tie

If two participants have the same score, the one who **took less time to submit** ranks higher. Time is measured from the moment your attempt starts to the moment you submit.

This rewards both knowledge and composure. It also means that once you are confident in your answers, there is little to gain by sitting and staring at the screen.

## Rule 3: Full ties share the prize

Very occasionally, two participants have the same score *and* the same time. They then share the rank, and the prizes for the ranks they cover are added up and **split equally** between them.

For example, suppose two participants tie exactly for second place. Together they cover second and third place, so the second and third prizes are pooled:

- ₹51,000 + ₹25,000 = ₹76,000
- split between two people, that is **₹38,000 each**

The next participant after them is then ranked fourth.

## The prize table

- **Rank 1:** ₹1,00,000
- **Rank 2:** ₹51,000
- **Rank 3:** ₹25,000
- **Ranks 4 to 53:** a free entry to the next quiz

So even if you miss the top three, finishing within the next 50 ranks means your next competition costs nothing.

## When results appear

Results are published at the time shown on each competition page, after the exam window has closed. Attempts found to break the fair play rules can be disqualified, and a disqualified attempt does not appear in the final ranking.

## Claiming a prize

Cash prizes must be claimed within the period stated in the terms and conditions, counted from the day results are published. Make sure your profile details are accurate, as we verify a winner's identity before paying out.

## In short

1. More correct answers always beats fewer.
2. On equal scores, faster beats slower.
3. Identical score and time means an equal share.

No hidden formulas and no judges' discretion: just your answers and the clock.
`,
  },
  {
    slug: "what-winners-do-differently",
    title: "What Winners Do Differently: A Composite Story",
    description:
      "An illustrative story, drawn from common habits of top scorers, about how steady practice, calm pacing and smart preparation lead to the leaderboard.",
    keywords: ["winner story", "quiz motivation", "top scorer habits", "exam mindset", "Olympiad"],
    category: "winner",
    author: "Nandini Reddy",
    imageUrl: "/blog/winner.png",
    publishedDaysAgo: 30,
    content: `*A note before we begin: the person in this story is a composite. "Meghna" is not a real participant, and her results are illustrative. Her habits, though, are the ones we see again and again in people who finish near the top.*

## The first attempt

Meghna is 23 and works at a bank branch in a mid-sized town. She loved quizzes at school, so when a friend shared an Olympiad referral code, she signed up that evening. She tried the free demo, enjoyed it, and registered for the next competition.

Her first real attempt went badly. She spent six minutes on a single geometry problem, panicked when she saw how little time was left, and rushed the last eight questions. She scored 14 out of 25 and finished far from the prizes.

## Turning a bad day into a plan

Instead of giving up, Meghna wrote down what had gone wrong. Her list was honest:

- She had never practised against a clock.
- Her general knowledge stopped at what she read in school.
- She did not know when to let a hard question go.

So she built a routine. Fifteen minutes of news with a notebook every morning. Forty minutes of mixed practice questions every evening, timed, with every mistake copied into a separate notebook. On Sundays she reread the week's mistakes and sat one full mock of 25 questions in 30 minutes.

## The middle stretch

For a few weeks nothing seemed to change. Her mock scores went from 15 to 16, then back to 15. This is the point where most people stop. Meghna kept going, partly out of stubbornness and partly because the mistakes notebook showed her something: she was repeating fewer errors each week.

In her next competition she scored 19 and finished inside the top 53, which earned her a free entry to the following quiz.

## The day it came together

On her third attempt, everything she had practised was automatic. She answered the quick questions first, made a best guess on the hard ones and came back to them, and remembered that there was no negative marking, so she left nothing blank. She submitted with four minutes to spare, scored 23, and placed among the top three.

## What to take from this

Meghna's story is invented, but the pattern is real:

1. **Treat a poor result as data**, not as a verdict.
2. **Practise under real conditions**, clock and all.
3. **Be patient through the flat weeks**, because that is when the habit is forming.
4. **Play fair.** A rank earned honestly is the only kind worth having.

Winning an Olympiad quiz is rarely about brilliance on one day. It is about many ordinary days that lead up to it. Learn, think, and the winning has a way of following.
`,
  },
];
