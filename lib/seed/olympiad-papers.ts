import type { SeedPaper } from "./content-types";

/**
 * A free practice paper in the IOQM format (the mathematics olympiad's first stage): every answer
 * a whole number from 00 to 99, typed; the first questions worth 2 marks, the middle ones 3 and
 * the last 5 (IOQM's 1–10, 11–20, 21–30); no negative marks. Six questions, not thirty.
 */
export const ioqmPractice: SeedPaper = {
  sections: [
    {
      name: "Integer answers (00–99)",
      nameHi: "पूर्णांक उत्तर (00–99)",
      marksCorrect: 2,
      marksWrong: 0,
      marksPartial: null,
      questions: [
        {
          answerType: "integer",
          text: "What is the remainder when $2^{10}$ is divided by 7?",
          subject: "Mathematics",
          answer: 2,
          hi: { text: "$2^{10}$ को 7 से भाग देने पर शेषफल क्या है?" },
        },
        {
          answerType: "integer",
          text: "How many positive divisors does 60 have?",
          subject: "Mathematics",
          answer: 12,
          hi: { text: "60 के कितने धनात्मक भाजक हैं?" },
        },
        {
          answerType: "integer",
          text: "The sum of three consecutive odd numbers is 63. What is the largest of them?",
          subject: "Mathematics",
          answer: 23,
          marksCorrect: 3,
          hi: { text: "तीन क्रमागत विषम संख्याओं का योग 63 है। उनमें सबसे बड़ी संख्या कौन-सी है?" },
        },
        {
          answerType: "integer",
          text: "In how many ways can the letters of the word MATH be arranged in a row?",
          subject: "Mathematics",
          answer: 24,
          marksCorrect: 3,
          hi: { text: "शब्द MATH के अक्षरों को एक पंक्ति में कितने तरीकों से व्यवस्थित किया जा सकता है?" },
        },
        {
          answerType: "integer",
          text: "A right triangle has legs 20 and 21. What is the length of its hypotenuse?",
          subject: "Mathematics",
          answer: 29,
          marksCorrect: 5,
          hi: { text: "एक समकोण त्रिभुज की समकोण बनाने वाली भुजाएँ 20 और 21 हैं। उसके कर्ण की लंबाई क्या है?" },
        },
        {
          answerType: "integer",
          text: "What are the last two digits of $7^{4}$?",
          subject: "Mathematics",
          answer: 1,
          marksCorrect: 5,
          hi: { text: "$7^{4}$ के अंतिम दो अंक क्या हैं?" },
        },
      ],
    },
  ],
};

/**
 * A sample paper in the NSEP format (the physics olympiad's first stage): part A single correct,
 * +3 for a right answer and −1 for a wrong one; part B one or more correct, +6 only when exactly
 * the correct options are chosen and nothing otherwise. Three and two questions.
 */
export const nsepSample: SeedPaper = {
  sections: [
    {
      name: "Part A · Single correct",
      nameHi: "भाग क · एक सही उत्तर",
      marksCorrect: 3,
      marksWrong: 1,
      marksPartial: null,
      questions: [
        {
          answerType: "single",
          text: "A car accelerates uniformly from rest to 20 m/s in 5 s. How far does it travel in that time?",
          subject: "Physics",
          options: ["50 m", "100 m", "25 m", "200 m"],
          correctOptionIndex: 0,
          hi: {
            text: "एक कार विरामावस्था से 5 सेकंड में एकसमान त्वरण से 20 m/s की चाल तक पहुँचती है। इस समय में वह कितनी दूरी तय करती है?",
            options: ["50 मीटर", "100 मीटर", "25 मीटर", "200 मीटर"],
          },
        },
        {
          answerType: "single",
          text: "Two resistors of 6 Ω and 3 Ω are connected in parallel. What is their equivalent resistance?",
          subject: "Physics",
          options: ["9 Ω", "4.5 Ω", "2 Ω", "18 Ω"],
          correctOptionIndex: 2,
          hi: { text: "6 Ω और 3 Ω के दो प्रतिरोध समांतर क्रम में जुड़े हैं। उनका तुल्य प्रतिरोध कितना है?", options: ["9 Ω", "4.5 Ω", "2 Ω", "18 Ω"] },
        },
        {
          answerType: "single",
          text: "Light passes from air into glass of refractive index 1.5. What is its speed in the glass? (c = 3 × 10⁸ m/s)",
          subject: "Physics",
          options: ["4.5 × 10⁸ m/s", "3 × 10⁸ m/s", "1.5 × 10⁸ m/s", "2 × 10⁸ m/s"],
          correctOptionIndex: 3,
          hi: {
            text: "प्रकाश वायु से 1.5 अपवर्तनांक वाले काँच में जाता है। काँच में उसकी चाल कितनी है? (c = 3 × 10⁸ m/s)",
            options: ["4.5 × 10⁸ m/s", "3 × 10⁸ m/s", "1.5 × 10⁸ m/s", "2 × 10⁸ m/s"],
          },
        },
      ],
    },
    {
      name: "Part B · One or more correct",
      nameHi: "भाग ख · एक या अधिक सही उत्तर",
      marksCorrect: 6,
      marksWrong: 0,
      marksPartial: null,
      questions: [
        {
          answerType: "multiple",
          text: "Which of these quantities are vectors?",
          subject: "Physics",
          options: ["Velocity", "Mass", "Force", "Temperature"],
          correctOptions: [0, 2],
          hi: { text: "इनमें से कौन-सी राशियाँ सदिश हैं?", options: ["वेग", "द्रव्यमान", "बल", "ताप"] },
        },
        {
          answerType: "multiple",
          text: "A body moves in a circle at constant speed. Which of these statements are true?",
          subject: "Physics",
          options: ["Its velocity is constant", "Its acceleration points to the centre", "Its kinetic energy is constant", "No net force acts on it"],
          correctOptions: [1, 2],
          hi: {
            text: "एक पिंड नियत चाल से वृत्त में घूमता है। इनमें से कौन-से कथन सत्य हैं?",
            options: ["उसका वेग नियत है", "उसका त्वरण केंद्र की ओर है", "उसकी गतिज ऊर्जा नियत है", "उस पर कोई नेट बल नहीं लगता"],
          },
        },
      ],
    },
  ],
};
