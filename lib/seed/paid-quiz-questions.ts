import type { SeedQuestion } from "./content-types";

/** Twenty-five olympiad-level questions for the sample paid quiz (1 mark each, no negative marking). */
export const paidQuizQuestions: readonly SeedQuestion[] = [
  {
    text: "How many positive divisors does 360 have?",
    subject: "Mathematics",
    options: ["20", "24", "18", "30"],
    correctOptionIndex: 1,
    hi: {
      text: "360 के कितने धनात्मक भाजक हैं?",
      options: ["20", "24", "18", "30"],
    },
  },
  {
    text: "A stone is dropped from rest from a height of 45 m. Taking g = 10 m/s² and ignoring air resistance, how long does it take to reach the ground?",
    subject: "Physics",
    options: ["3 s", "2 s", "4.5 s", "9 s"],
    correctOptionIndex: 0,
    hi: {
      text: "एक पत्थर को 45 मीटर की ऊँचाई से विरामावस्था से गिराया जाता है। g = 10 m/s² मानते हुए और वायु प्रतिरोध की उपेक्षा करते हुए, उसे भूमि तक पहुँचने में कितना समय लगेगा?",
      options: ["3 सेकंड", "2 सेकंड", "4.5 सेकंड", "9 सेकंड"],
    },
  },
  {
    text: "How many moles of carbon dioxide are there in 22 g of CO₂? (C = 12, O = 16)",
    subject: "Chemistry",
    options: ["0.25 mol", "1 mol", "0.5 mol", "2 mol"],
    correctOptionIndex: 2,
    hi: {
      text: "22 ग्राम CO₂ में कार्बन डाइऑक्साइड के कितने मोल हैं? (C = 12, O = 16)",
      options: ["0.25 मोल", "1 मोल", "0.5 मोल", "2 मोल"],
    },
  },
  {
    text: "During which stage of prophase I of meiosis does crossing over between homologous chromosomes take place?",
    subject: "Biology",
    options: ["Leptotene", "Zygotene", "Pachytene", "Diakinesis"],
    correctOptionIndex: 2,
    hi: {
      text: "अर्धसूत्री विभाजन के प्रोफ़ेज़ I की किस अवस्था में समजात गुणसूत्रों के बीच जीन विनिमय (क्रॉसिंग ओवर) होता है?",
      options: ["लेप्टोटीन", "ज़ाइगोटीन", "पैकीटीन", "डायाकाइनेसिस"],
    },
  },
  {
    text: "What number comes next in the series 3, 8, 15, 24, 35, ...?",
    subject: "Reasoning",
    options: ["46", "49", "50", "48"],
    correctOptionIndex: 3,
    hi: {
      text: "श्रेणी 3, 8, 15, 24, 35, ... में अगली संख्या क्या होगी?",
      options: ["46", "49", "50", "48"],
    },
  },
  {
    text: "Which Article of the Constitution of India abolishes untouchability?",
    subject: "General Knowledge",
    options: ["Article 14", "Article 17", "Article 21", "Article 32"],
    correctOptionIndex: 1,
    hi: {
      text: "भारत के संविधान का कौन-सा अनुच्छेद अस्पृश्यता का उन्मूलन करता है?",
      options: ["अनुच्छेद 14", "अनुच्छेद 17", "अनुच्छेद 21", "अनुच्छेद 32"],
    },
  },
  {
    text: "Choose the word closest in meaning to \"ephemeral\".",
    subject: "English",
    options: ["Short-lived", "Everlasting", "Mysterious", "Enormous"],
    correctOptionIndex: 0,
    hi: {
      text: "\"ephemeral\" के सबसे निकट अर्थ वाला शब्द चुनिए।",
      options: ["Short-lived", "Everlasting", "Mysterious", "Enormous"],
    },
  },
  {
    text: "The interior angles of a convex polygon add up to 1440°. How many sides does the polygon have?",
    subject: "Mathematics",
    options: ["8", "9", "12", "10"],
    correctOptionIndex: 3,
    hi: {
      text: "एक उत्तल बहुभुज के अंतः कोणों का योग 1440° है। इस बहुभुज की कितनी भुजाएँ हैं?",
      options: ["8", "9", "12", "10"],
    },
  },
  {
    text: "Three resistors of 6 Ω each are connected in parallel. What is their equivalent resistance?",
    subject: "Physics",
    options: ["3 Ω", "2 Ω", "6 Ω", "18 Ω"],
    correctOptionIndex: 1,
    hi: {
      text: "6 Ω के तीन प्रतिरोध समांतर क्रम में जोड़े गए हैं। उनका तुल्य प्रतिरोध क्या है?",
      options: ["3 Ω", "2 Ω", "6 Ω", "18 Ω"],
    },
  },
  {
    text: "What is the pH of a 0.001 M solution of hydrochloric acid, assuming it dissociates completely?",
    subject: "Chemistry",
    options: ["3", "1", "11", "4"],
    correctOptionIndex: 0,
    hi: {
      text: "हाइड्रोक्लोरिक अम्ल के 0.001 M विलयन का pH क्या है, यदि वह पूर्णतः वियोजित हो जाता है?",
      options: ["3", "1", "11", "4"],
    },
  },
  {
    text: "Which blood vessel carries oxygen-rich blood from the lungs to the heart?",
    subject: "Biology",
    options: ["Pulmonary artery", "Aorta", "Superior vena cava", "Pulmonary vein"],
    correctOptionIndex: 3,
    hi: {
      text: "कौन-सी रक्तवाहिका ऑक्सीजन-युक्त रक्त को फेफड़ों से हृदय तक ले जाती है?",
      options: ["फुफ्फुसीय धमनी", "महाधमनी", "ऊर्ध्व महाशिरा", "फुफ्फुसीय शिरा"],
    },
  },
  {
    text: "What is the smaller angle between the hour hand and the minute hand of a clock at 3:40?",
    subject: "Reasoning",
    options: ["120°", "125°", "130°", "140°"],
    correctOptionIndex: 2,
    hi: {
      text: "3:40 बजे घड़ी की घंटे की सुई और मिनट की सुई के बीच का छोटा कोण कितना होता है?",
      options: ["120°", "125°", "130°", "140°"],
    },
  },
  {
    text: "Which Indian mission made the first soft landing near the Moon's south polar region, in August 2023?",
    subject: "General Knowledge",
    options: ["Chandrayaan-3", "Chandrayaan-2", "Mangalyaan", "Aditya-L1"],
    correctOptionIndex: 0,
    hi: {
      text: "अगस्त 2023 में चंद्रमा के दक्षिणी ध्रुवीय क्षेत्र के पास पहली सॉफ्ट लैंडिंग किस भारतीय मिशन ने की?",
      options: ["चंद्रयान-3", "चंद्रयान-2", "मंगलयान", "आदित्य-L1"],
    },
  },
  {
    text: "What is the last digit of 7 raised to the power 2025?",
    subject: "Mathematics",
    options: ["9", "3", "7", "1"],
    correctOptionIndex: 2,
    hi: {
      text: "7 की घात 2025 का इकाई अंक क्या है?",
      options: ["9", "3", "7", "1"],
    },
  },
  {
    text: "What is the SI unit of magnetic flux?",
    subject: "Physics",
    options: ["Tesla", "Henry", "Gauss", "Weber"],
    correctOptionIndex: 3,
    hi: {
      text: "चुंबकीय फ्लक्स का SI मात्रक क्या है?",
      options: ["टेस्ला", "हेनरी", "गॉस", "वेबर"],
    },
  },
  {
    text: "Which element has the highest electronegativity on the Pauling scale?",
    subject: "Chemistry",
    options: ["Oxygen", "Fluorine", "Chlorine", "Nitrogen"],
    correctOptionIndex: 1,
    hi: {
      text: "पॉलिंग पैमाने पर किस तत्व की विद्युत-ऋणात्मकता सबसे अधिक है?",
      options: ["ऑक्सीजन", "फ्लोरीन", "क्लोरीन", "नाइट्रोजन"],
    },
  },
  {
    text: "Two pea plants, both heterozygous for height (Tt), are crossed. Tall (T) is dominant over dwarf (t). What fraction of the offspring is expected to be dwarf?",
    subject: "Biology",
    options: ["1/4", "1/2", "3/4", "0"],
    correctOptionIndex: 0,
    hi: {
      text: "मटर के दो पौधों का, जो दोनों लंबाई के लिए विषमयुग्मजी (Tt) हैं, आपस में संकरण कराया जाता है। लंबापन (T) बौनेपन (t) पर प्रभावी है। संतति का कितना भाग बौना होने की अपेक्षा है?",
      options: ["1/4", "1/2", "3/4", "0"],
    },
  },
  {
    text: "Pointing to a woman in a photograph, Ravi says, \"She is the only daughter of my mother's only son.\" How is the woman related to Ravi?",
    subject: "Reasoning",
    options: ["Sister", "Daughter", "Niece", "Cousin"],
    correctOptionIndex: 1,
    hi: {
      text: "एक तस्वीर में एक महिला की ओर इशारा करते हुए रवि कहता है, \"यह मेरी माँ के इकलौते बेटे की इकलौती बेटी है।\" वह महिला रवि से किस प्रकार संबंधित है?",
      options: ["बहन", "बेटी", "भतीजी", "चचेरी बहन"],
    },
  },
  {
    text: "Which sentence is grammatically correct?",
    subject: "English",
    options: [
      "Neither the coach nor the players was ready.",
      "Neither the coach or the players were ready.",
      "Neither the coach nor the players were ready.",
      "Neither of the coach nor the players were ready.",
    ],
    correctOptionIndex: 2,
    hi: {
      text: "कौन-सा वाक्य व्याकरण की दृष्टि से सही है?",
      options: [
        "Neither the coach nor the players was ready.",
        "Neither the coach or the players were ready.",
        "Neither the coach nor the players were ready.",
        "Neither of the coach nor the players were ready.",
      ],
    },
  },
  {
    text: "If log₂ x + log₂ (x − 2) = 3, what is the value of x?",
    subject: "Mathematics",
    options: ["4", "−2", "2", "8"],
    correctOptionIndex: 0,
    hi: {
      text: "यदि log₂ x + log₂ (x − 2) = 3 है, तो x का मान क्या है?",
      options: ["4", "−2", "2", "8"],
    },
  },
  {
    text: "Light passes from air into glass of refractive index 1.5. If the speed of light in air is 3 × 10⁸ m/s, what is its speed in the glass?",
    subject: "Physics",
    options: ["4.5 × 10⁸ m/s", "3 × 10⁸ m/s", "2 × 10⁸ m/s", "1.5 × 10⁸ m/s"],
    correctOptionIndex: 2,
    hi: {
      text: "प्रकाश हवा से 1.5 अपवर्तनांक वाले काँच में प्रवेश करता है। यदि हवा में प्रकाश की चाल 3 × 10⁸ m/s है, तो काँच में उसकी चाल क्या होगी?",
      options: ["4.5 × 10⁸ m/s", "3 × 10⁸ m/s", "2 × 10⁸ m/s", "1.5 × 10⁸ m/s"],
    },
  },
  {
    text: "What is the hybridisation of each carbon atom in ethyne (C₂H₂)?",
    subject: "Chemistry",
    options: ["sp³", "sp²", "dsp²", "sp"],
    correctOptionIndex: 3,
    hi: {
      text: "एथाइन (C₂H₂) में प्रत्येक कार्बन परमाणु का संकरण क्या है?",
      options: ["sp³", "sp²", "dsp²", "sp"],
    },
  },
  {
    text: "Asha walks 5 km north, turns right and walks 3 km, then turns right again and walks 9 km. Where is she now relative to her starting point?",
    subject: "Reasoning",
    options: ["5 km north-east", "4 km south", "7 km south-west", "5 km south-east"],
    correctOptionIndex: 3,
    hi: {
      text: "आशा 5 किमी उत्तर की ओर चलती है, दाएँ मुड़कर 3 किमी चलती है, फिर दोबारा दाएँ मुड़कर 9 किमी चलती है। अब वह अपने आरंभिक बिंदु से किस दिशा में और कितनी दूर है?",
      options: ["5 किमी उत्तर-पूर्व", "4 किमी दक्षिण", "7 किमी दक्षिण-पश्चिम", "5 किमी दक्षिण-पूर्व"],
    },
  },
  {
    text: "The Tropic of Cancer does NOT pass through which of these Indian states?",
    subject: "General Knowledge",
    options: ["Tripura", "Odisha", "Mizoram", "Jharkhand"],
    correctOptionIndex: 1,
    hi: {
      text: "कर्क रेखा इनमें से किस भारतीय राज्य से होकर नहीं गुजरती है?",
      options: ["त्रिपुरा", "ओडिशा", "मिज़ोरम", "झारखंड"],
    },
  },
  {
    text: "Two fair six-sided dice are rolled together. What is the probability that the numbers shown add up to 8?",
    subject: "Mathematics",
    options: ["1/6", "5/36", "7/36", "1/9"],
    correctOptionIndex: 1,
    hi: {
      text: "दो निष्पक्ष छह-फलकीय पासे एक साथ फेंके जाते हैं। दिखाई देने वाली संख्याओं का योग 8 होने की प्रायिकता क्या है?",
      options: ["1/6", "5/36", "7/36", "1/9"],
    },
  },
];
