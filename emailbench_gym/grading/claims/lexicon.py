"""The words the claim matcher knows: cues of negation, exclusion and hedging, numbers, calendar names.

Cues are token sequences (casefolded words, as `Text` tokenises them). They are
data, in one place, so that a reviewer can read exactly what counts as ruling an
item out or hedging a claim.
"""

from __future__ import annotations

#: The negated auxiliaries ("isn't", "didn't"), one token each as `Text` splits words: a
#: negation before an item and a negated verb after one.
NOT_CONTRACTIONS: tuple[str, ...] = (
    "isn't",
    "aren't",
    "wasn't",
    "weren't",
    "doesn't",
    "don't",
    "didn't",
    "hasn't",
    "haven't",
    "hadn't",
    "can't",
    "won't",
    "wouldn't",
)
#: Before an item, these rule it out ("not Jeff Skilling", "except Sally Beck").
PRE_NEGATIONS: tuple[str, ...] = (
    "not",
    "no",
    "never",
    "nothing",  # "Nothing yet today from Sally Beck, John Lavorato or Steven Kean"
    # the same in the other languages an answer may slip into ("nicht Louise Kitchen")
    "nicht",
    "kein",
    "keine",
    "keiner",
    "niet",
    "except",
    "excepting",
    "excluding",
    "exclude",
    "without",
    "nor",
    "neither",
    "other than",
    "rather than",
    "instead of",
    "but not",
    "not including",
    "no longer",
    "none of",
    "ignoring",
    "skipping",
    "leaving out",
    "ruled out",
    "excluded",
    "not counting",
    "cannot",
    *NOT_CONTRACTIONS,
    "couldn't",
    "shouldn't",
)
#: After an item, these rule it out on their own ("Jeff Skilling (excluded)").
POST_EXCLUSIONS: tuple[str, ...] = (
    "excluded",
    "is excluded",
    "are excluded",
    "was excluded",
    "were excluded",
    "ruled out",
    "left out",
    "omitted",
    "dropped",
    "disqualified",
    "ineligible",
    "not included",
    "not counted",
    "not listed",
    "not eligible",
    "not relevant",
    "not applicable",
    "misses the cutoff",
    "misses the cut",
    "missed the cutoff",
    "missed the cut",
    "falls outside",
    "fall outside",
    "falls just outside",
    "no",
    "none",
    "not",
)
#: After an item, a negated verb...
NEGATED_VERBS: tuple[str, ...] = (
    "nicht",
    "pas",
    "niet",
    "is not",
    "are not",
    "was not",
    "were not",
    "does not",
    "do not",
    "did not",
    "has not",
    "have not",
    "had not",
    "is never",
    "never",
    "s not",
    "'re not",
    "cannot",
    "can not",
    *NOT_CONTRACTIONS,
)
#: Degree words that strengthen a statement without changing it ("this week is clearly the
#: heavier one", "much busier"): a statement's phrase may have them between its words. Never a
#: hedge ("probably") or a negative ("hardly", "barely"): those change what is said.
INTENSIFIERS: tuple[str, ...] = (
    "clearly",
    "definitely",
    "certainly",
    "obviously",
    "much",
    "far",
    "by far",
    "way",
    "noticeably",
    "significantly",
    "considerably",
    "substantially",
    "markedly",
    "easily",
    "comfortably",
    "decidedly",
    "distinctly",
    "slightly",
    "somewhat",
    "a bit",
    "a little",
    "a lot",
)
#: After a negation (and "yet", "been"), these make it a progress status of the item ("not
#: started", "hasn't been started", "not yet begun"), a value like "in progress", not a denial.
NEGATED_STATUSES: frozenset[str] = frozenset(
    {"started", "start", "begun", "begin", "commenced", "kicked"}
)
#: ... followed by one of these (within a few words) says the item is not part of the answer.
MEMBERSHIP_WORDS: frozenset[str] = frozenset(
    [
        "one",
        "among",
        "included",
        "include",
        "includes",
        "covered",
        "part",
        "counted",
        "count",
        "counts",
        "listed",
        "list",
        "eligible",
        "relevant",
        "applicable",
        "match",
        "matches",
        "qualifying",
        "qualify",
        "qualifies",
        "above",
        "over",
        "below",
        "under",
        "more",
        "less",
        "greater",
        "higher",
        "lower",
        "within",
        "strictly",
        "exceed",
        "exceeds",
        "make",
        "makes",
        "meet",
        "meets",
        "belong",
        "belongs",
        "apply",
        "applies",
        "fit",
        "fits",
        "pass",
        "passes",
        "cut",
        "answer",
        "correct",
        "case",
    ]
)
#: Anywhere near an item, these hedge it ("might be", "I think").
HEDGES: tuple[str, ...] = (
    "might",
    "maybe",
    "perhaps",
    "possibly",
    "possible",
    "probably",
    "likely",
    "unlikely",
    "presumably",
    "apparently",
    "seemingly",
    "supposedly",
    "i think",
    "i believe",
    "i guess",
    "i suspect",
    "i assume",
    "not sure",
    "unsure",
    "not certain",
    "uncertain",
    "unclear",
    "seems",
    "seem",
    "appears to",
    "could be",
    "may be",
    "hard to say",
    "hard to tell",
    "can't tell",
    "cannot tell",
    "can't be sure",
    "to be confirmed",
    "tbc",
    "or so",
    "not entirely sure",
    "if i recall",
    "i'm not sure",
)
#: Before a number, these make it a bound or an estimate rather than the value.
BOUNDS: tuple[str, ...] = (
    "more than",
    "less than",
    "fewer than",
    "over",
    "under",
    "at least",
    "at most",
    "up to",
    "nearly",
    "almost",
    "just under",
    "just over",
    "below",
    "above",
    "upwards of",
    "no more than",
    "no fewer than",
)
#: Before a value, these make a bound word ("up to") part of a sum: "adding up to 6.5 hours" is
#: exactly 6.5 hours, not at most.
SUMS: tuple[str, ...] = (
    "add up to",
    "adds up to",
    "adding up to",
    "added up to",
    "sum up to",
    "sums up to",
    "summing up to",
    "comes up to",
    "coming up to",
)
#: Before a count, these make it an estimate (money and durations quoted "about" are fine).
APPROXIMATIONS: tuple[str, ...] = (
    "about",
    "around",
    "roughly",
    "approximately",
    "approx",
    "some",
    "circa",
    "ca",
    "or so",
    "give or take",
)
#: After "neither" / "none", words that make it stand for the items named before it in its
#: sentence ("..., so none of those count").
COLLECTIVE_TAILS: tuple[str, ...] = (
    "of them",
    "of those",
    "of these",
    "of the two",
    "of the three",
    "of those three",
)
#: After "neither", a verb that makes it stand for the two items named just before it
#: ("A came at 8:10 and B at 7:52, so neither is the newest").
COLLECTIVE_VERBS: tuple[str, ...] = (
    "is",
    "was",
    "are",
    "were",
    "counts",
    "qualifies",
    "makes",
    "has",
    "came",
)
#: Right before an item (or "the"/"of" and the item), these put it outside the answer ("people
#: outside Enron"); a word further on is not theirs ("the outside person on the FERC Review").
ADJACENT_NEGATIONS: tuple[str, ...] = ("outside", "outside of")
#: Opening a sentence, these continue the ranking or list of the sentence before ("Next is
#: Executive with 7. Then Government Affairs with 5").
SEQUENCE_OPENERS: tuple[str, ...] = (
    "then",
    "after that",
    "after them",
    "after those",
    "behind them",
    "behind that",
    "followed by",
    "and then",
    # a sentence that says the one before holds for more items ("X is not included: it is
    # already overdue. The same goes for Y.")
    "the same goes for",
    "same goes for",
    "the same applies to",
    "the same is true of",
    "the same is true for",
    "same for",
    "same with",
    "likewise",
    "ditto",
    "similarly",
)
#: Opening a sentence, these name the members of the group the sentence before described ("The
#: other 13 have no reply. That includes ...", "... the two that are overdue. Both were due ...",
#: "Several threads tie for second place ... Examples are ...").
GROUP_OPENERS: tuple[str, ...] = (
    "that includes",
    "that included",
    "this includes",
    "these include",
    "those include",
    "they include",
    "that covers",
    "among them",
    "among those",
    "among these",
    "both",
    "both of them",
    "both of these",
    "both of those",
    "examples are",
    "examples include",
    "for example",
    "for instance",
)
#: Before "by" and a value, these make the value a difference between two things ("beats the
#: runner-up by about 90 KB", "exceeded the limit by $6 million"), not a value of the thing
#: itself; "up"/"down" only right before "by". ("more", "less", "led" are left out: "more
#: emails were sent by 3 people", "led by 2 partners".)
COMPARISON_VERBS: frozenset[str] = frozenset(
    [
        "beat",
        "beats",
        "beaten",
        "beating",
        "exceed",
        "exceeds",
        "exceeded",
        "exceeding",
        "outweigh",
        "outweighs",
        "outweighed",
        "outnumber",
        "outnumbers",
        "outnumbered",
        "trail",
        "trails",
        "trailed",
        "ahead",
        "behind",
        "bigger",
        "larger",
        "smaller",
        "greater",
        "higher",
        "lower",
        "longer",
        "shorter",
        "heavier",
        "lighter",
        "rose",
        "rise",
        "rises",
        "risen",
        "fell",
        "fall",
        "falls",
        "fallen",
        "drop",
        "drops",
        "dropped",
        "grew",
        "grow",
        "grows",
        "grown",
        "shrank",
        "shrink",
        "shrinks",
        "shrunk",
        "increase",
        "increases",
        "increased",
        "decrease",
        "decreases",
        "decreased",
        "climb",
        "climbs",
        "climbed",
        "decline",
        "declines",
        "declined",
    ]
)
#: After a value, these make it a difference ("3 fewer", "$300 million lower", "90 KB bigger
#: than the runner-up"); "more" only with "than" ("3 more are read" counts the read ones).
COMPARATIVES: tuple[str, ...] = (
    "fewer",
    "less",
    "lower",
    "higher",
    "larger",
    "bigger",
    "smaller",
    "greater",
    "longer",
    "shorter",
    "heavier",
    "lighter",
)
#: Role words naming a start or an end time: the start or end of a time range states it.
START_ROLES: frozenset[str] = frozenset({"start", "starts", "starting", "begins", "begin", "from"})
END_ROLES: frozenset[str] = frozenset({"end", "ends", "ending", "until", "till", "finishes"})
#: A sentence opening with these names the thing the sentence before described ("Your oldest
#: unread message came from John on Friday, October 5. The subject is 'Dynegy credit line'.").
NAMING_OPENERS: tuple[str, ...] = (
    "the subject is",
    "the subject line is",
    "its subject is",
    "its subject line is",
    "subject",
    "subject line",
    "it is titled",
    "it's titled",
    "it was titled",
    "titled",
    "it is called",
    "it's called",
    "the title is",
    "its title is",
)
#: After "I" opening a sentence ("I also left out the meetings other people organize, such as
#: ..."), these rule out the items after them in the sentence.
FIRST_PERSON_EXCLUSIONS: tuple[str, ...] = (
    "left out",
    "am leaving out",
    "'m leaving out",
    "excluded",
    "am excluding",
    "'m excluding",
    "omitted",
    "skipped",
    "ignored",
    "set aside",
    "ruled out",
    "left off",
    "kept out",
    "kept off",
    "didn't count",
    "did not count",
    "didn't include",
    "did not include",
    "didn't list",
    "did not list",
    "haven't counted",
    "have not counted",
    "haven't included",
    "have not included",
    "am not counting",
    "'m not counting",
    "am not including",
    "'m not including",
)
#: Around a pronoun, these leave out the items it stands for ("so I left him out").
PRONOUN_EXCLUSIONS: tuple[frozenset[str], frozenset[str]] = (
    frozenset({"left", "leave", "leaving", "kept", "keep", "keeping"}),
    frozenset({"out", "off"}),
)
#: Pronouns that point back at the items just named ("they don't qualify").
PRONOUNS: frozenset[str] = frozenset(
    ["they", "them", "these", "those", "it", "he", "she", "him", "her", "both"]
)
#: Of PRONOUNS, those that stand only for a person.
PERSONAL_PRONOUNS: frozenset[str] = frozenset(["he", "she", "him", "her"])
#: A first sentence that denies everything ("No.", "None of them.").
DENIALS: tuple[str, ...] = (
    "no",
    "nope",
    "nah",
    "none",
    "nothing",
    "nobody",
    "no one",
    "not that i",
    "i could not find",
    "i couldn't find",
    "i can't find",
    "i cannot find",
    "i did not find",
    "i didn't find",
    "i found no",
    "i found nothing",
    "there are no",
    "there is no",
    "there were no",
    "there was no",
    "there are none",
    "there is none",
)

#: A sentence opening with one of these, after an opening denial, says the denial was partial
#: ("Nothing is overdue. The only card due soon is X."), so it does not deny everything.
CONTRASTS: tuple[str, ...] = (
    "the only",
    "only",
    "but",
    "however",
    "that said",
    "still",
    "though",
    "although",
    "yet",
)
#: A sentence that opens with one of these denies everything it names.
SENTENCE_DENIALS: tuple[str, ...] = (
    "it is not true that",
    "it's not true that",
    "it is not the case that",
    "it isn't the case that",
    "it is false that",
    "it's false that",
    "it is untrue that",
    "contrary to what",
    "none of",
    "neither",
    "nobody",
    "no one",
)

#: The one-word cardinals, in three groups (units, ten to nineteen, the tens): the one source
#: for every reader of numbers in words (values, polarity, claims/spoken.py).
UNIT_WORDS: dict[str, int] = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
}
TEEN_WORDS: dict[str, int] = {
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
TENS_WORDS: dict[str, int] = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
#: The one-word ordinals up to the days of a month ("first" .. "twentieth", "thirtieth").
ORDINAL_WORDS: dict[str, int] = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
    "thirtieth": 30,
}
NUMBER_WORDS: dict[str, int] = {
    "zero": 0,
    "none": 0,
    "one": 1,
    "a single": 1,
    **{word: n for word, n in UNIT_WORDS.items() if n >= 2},
    **TEEN_WORDS,
    **TENS_WORDS,
    "hundred": 100,
    "a hundred": 100,
    "one hundred": 100,
    "a dozen": 12,
    "dozen": 12,
}
#: Scale words after a number ("66 million", "13 bn", "5k"): one source for the money reader
#: (values.py) and spoken numbers ("one million five hundred twelve thousand", spoken.py).
SCALE_WORDS: dict[str, float] = {
    "thousand": 1e3,
    "k": 1e3,
    "million": 1e6,
    "mm": 1e6,
    "m": 1e6,
    "mn": 1e6,
    "mil": 1e6,
    "billion": 1e9,
    "bn": 1e9,
    "b": 1e9,
}
#: Fractions written as words ("two thirds", "half").
FRACTION_WORDS: dict[str, float] = {
    "half": 1 / 2,
    "a half": 1 / 2,
    "one half": 1 / 2,
    "a third": 1 / 3,
    "one third": 1 / 3,
    "two thirds": 2 / 3,
    "a quarter": 1 / 4,
    "one quarter": 1 / 4,
    "three quarters": 3 / 4,
    "three quarter": 3 / 4,  # "three and three-quarter hours"
    "a fifth": 1 / 5,
    "one fifth": 1 / 5,
    "two fifths": 2 / 5,
    "three fifths": 3 / 5,
    "four fifths": 4 / 5,
}
MONTHS: dict[str, int] = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
WEEKDAYS: dict[str, int] = {
    name: number
    for number, names in enumerate(
        (
            ("monday", "mon"),
            ("tuesday", "tue", "tues"),
            ("wednesday", "wed"),
            ("thursday", "thu", "thur", "thurs"),
            ("friday", "fri"),
            ("saturday", "sat"),
            ("sunday", "sun"),
        )
    )
    for name in names
}
#: Usual short forms of English first names (both directions are tried).
NICKNAMES: dict[str, tuple[str, ...]] = {
    "richard": ("rick", "rich", "dick"),
    "robert": ("rob", "bob", "bobby"),
    "steven": ("steve",),
    "stephen": ("steve",),
    "jeffrey": ("jeff",),
    "jeff": ("jeffrey",),
    "john": ("jack", "johnny"),
    "james": ("jim", "jimmy"),
    "william": ("bill", "will"),
    "michael": ("mike",),
    "thomas": ("tom",),
    "daniel": ("dan",),
    "david": ("dave",),
    "joseph": ("joe",),
    "charles": ("charlie", "chuck"),
    "christopher": ("chris",),
    "matthew": ("matt",),
    "anthony": ("tony",),
    "nathan": ("nate",),
    "nathaniel": ("nate",),
    "kenneth": ("ken",),
    "timothy": ("tim",),
    "edward": ("ed", "ted"),
    "benjamin": ("ben",),
    "samuel": ("sam",),
    "alexander": ("alex",),
    "andrew": ("andy", "drew"),
    "elizabeth": ("liz", "beth"),
    "katherine": ("kate", "kathy"),
    "catherine": ("cathy", "kate"),
    "jennifer": ("jen", "jenny"),
    "patricia": ("pat", "trish"),
    "margaret": ("maggie", "meg"),
    "deborah": ("deb",),
    "susan": ("sue",),
    "rebecca": ("becky",),
    "victoria": ("vicky",),
    "alan": ("al",),
    "gregory": ("greg",),
    "peter": ("pete",),
    "raymond": ("ray",),
    "ronald": ("ron",),
    "donald": ("don",),
    "gerald": ("jerry",),
    "lawrence": ("larry",),
    "leonard": ("len",),
    "frederick": ("fred",),
    "philip": ("phil",),
    "phillip": ("phil",),
}
#: Suffixes dropped from company names to find the usual short name.
COMPANY_SUFFIXES: tuple[str, ...] = (
    "inc",
    "incorporated",
    "llp",
    "llc",
    "ltd",
    "limited",
    "corp",
    "corporation",
    "co",
    "company",
    "plc",
    "lp",
    "l p",
    "group",
    "associates",
)
#: A header opening with one of these ("**Context**", "Why it's the oldest:", "For reference:")
#: heads a section that explains the answer: the items it names are context, not answer items.
#: Only words that say so: "Other meetings:" or "The rest:" may just as well list more answers.
CONTEXT_HEADERS: tuple[str, ...] = (
    "context",
    "for context",
    "some context",
    "background",
    "for reference",
    "reference",
    "fyi",
    "gist",
    "why",
    "how i",
    "what i checked",
    "for completeness",
    "not relevant",
    "unrelated",
    "notes",
    "note",
    "side note",
    "caveat",
    "caveats",
    "one caveat",
    "borderline",
    "borderline case",
    "edge case",
    "close call",
    "what i left out",
    "what i excluded",
    "what i didn't include",
    "left out",
    "not included",
    "excluded",
    "exclusions",
    "ruled out",
    "not counted",
    "heads up",
    "worth knowing",
    "also worth knowing",
    "by the way",
    "related item",
    "one related item",
    "a related item",
    "one related note",
    "runner up",
    "runners up",
    "second place",
    "next largest",
    "next biggest",
    "next closest",
    "closest contender",
    "closest contenders",
)
#: Within the first words of a sentence, these name what lies outside the answer's set ("The
#: other meetings this week ...", "Everyone else on the invite ...", "Nothing else has more than
#: 2 messages"): from that sentence to the end of its paragraph, the items named are context.
COMPLEMENTS: tuple[str, ...] = (
    "the other",
    "the others",
    "your other",
    "every other",
    "all other",
    "all the other",
    "none of the other",
    "no other",
    "the rest",
    "rest of the",
    "the remaining",
    "the remainder",
    "everyone else",
    "everybody else",
    "everything else",
    "anyone else",
    "anything else",
    "nothing else",
    "no one else",
    "nobody else",
    # the runners-up of a ranking lie outside the answer by definition ("The runners-up were
    # your reply to Rob ... for fastest, and ... for slowest.")
    "runner up",
    "runners up",
    "next closest",
    "next largest",
    "next biggest",
    "second place",
    "closest contender",
    "closest contenders",
)
#: A sentence opening with one of these retells what the user already did ("You already asked
#: Tanya and Priya for drafts in 'Dynegy exposure for Wednesday's review'"): the items it names
#: are context, the way to the answer, not part of it.
PRIOR_ACTIONS: tuple[str, ...] = (
    "you already",
    "you ve already",
    "you have already",
    "you d already",
    "you had already",
)
#: A sentence with one of these adds to the answer ("D also has an outsider"): it ends the
#: context a complement opened ("The other four are unread too: ..."). ("as well" and "plus"
#: are left out: "you've written to each of them as well", "a message plus your one reply" go
#: on about the others.)
ADDITIVES: tuple[str, ...] = ("also", "too", "in addition", "additionally")
#: With "if" opening a sentence, these make it say what a different count would give ("If you'd
#: rather leave it out, the figure becomes 4 of 11"): the items it names are context.
CONDITIONAL_RESULTS: frozenset[str] = frozenset(
    {"would", "'d", "becomes", "become", "changes", "drops", "rises", "goes"}
)

#: The measure a question asks for ("the latest email", "the most mail") and the words of its
#: opposite: an answer that states the opposite measure ("the earliest is ...") and never the
#: asked one answers another question. Multi-word entries are matched as phrases.
ANTONYMS: dict[str, tuple[str, ...]] = {
    "latest": ("earliest", "oldest"),
    "most recent": ("earliest", "oldest", "least recent"),
    "newest": ("oldest", "earliest"),
    "earliest": ("latest", "most recent", "newest"),
    "oldest": ("newest", "most recent", "latest"),
    "soonest": ("latest",),
    "first": ("last",),
    "most": ("fewest", "least"),
    "fewest": ("most",),
    "least": ("most",),
    "biggest": ("smallest",),
    "largest": ("smallest",),
    "smallest": ("biggest", "largest"),
    "busiest": ("quietest",),
    "quietest": ("busiest",),
    "highest": ("lowest",),
    "lowest": ("highest",),
    "longest": ("shortest",),
    "shortest": ("longest",),
}
#: Words that place a thing at a rank below the top of a superlative question's ranking ("comes
#: second", "Several threads tie for second place"): read by claims/ranks.py, the sentence part
#: holding one speaks of the runners-up (unless it states the measure itself).
RANK_ORDINALS: frozenset[str] = frozenset(
    {"second", "third", "fourth", "fifth", "2nd", "3rd", "4th", "5th", "behind", "trailing"}
)
#: After "next", the words that make it a rank ("next up", "Next is Executive", "next in line");
#: a ranking word ("next oldest", "next-largest") does too. ("next week" is a time, "your next
#: meeting" may be the answer.)
RANK_AFTER_NEXT: frozenset[str] = frozenset({"up", "in", "is", "are", "comes", "come", "with"})
#: The comparatives that point from a measure's top down its ranking ("The earlier one, from
#: October 4, is ..." under "latest"; "the Q3 spreadsheet is smaller" under "biggest"; "The two
#: just before it were A and B": before the latest one). Keyed as ANTONYMS.
_BEFORE_IT = ("before it", "before that", "before this", "prior to it", "prior to that")
_AFTER_IT = ("after it", "after that", "after this")
BELOW_THE_TOP: dict[str, tuple[str, ...]] = {
    "latest": ("earlier", "older", *_BEFORE_IT),
    "most recent": ("earlier", "older", *_BEFORE_IT),
    "newest": ("earlier", "older", *_BEFORE_IT),
    "earliest": ("later", "newer", *_AFTER_IT),
    "oldest": ("later", "newer", "more recent", *_AFTER_IT),
    "soonest": ("later", *_AFTER_IT),
    "first": ("later", *_AFTER_IT),
    "most": ("fewer",),
    "fewest": ("more",),
    "least": ("more",),
    "biggest": ("smaller",),
    "largest": ("smaller",),
    "smallest": ("bigger", "larger"),
    "busiest": ("quieter", "lighter"),
    "quietest": ("busier", "heavier"),
    "highest": ("lower",),
    "lowest": ("higher",),
    "longest": ("shorter",),
    "shortest": ("longer",),
}
#: The comparatives that point from a measure's top up its ranking, its opposites' BELOW_THE_TOP
#: ("bigger" under "biggest"): said of a runner-up ("a close second, and actually a bit bigger")
#: they put it above the top (claims/ranks.py).
ABOVE_THE_TOP: dict[str, tuple[str, ...]] = {
    m: tuple(dict.fromkeys(w for a in opposites for w in BELOW_THE_TOP.get(a, ())))
    for m, opposites in ANTONYMS.items()
}
#: Words that put what they are said of at the top of any ranking ("which tops the list",
#: "beats it", "comes first"): said of a runner-up, they overturn its rank (claims/ranks.py).
TOP_PLACE: tuple[str, ...] = (
    "tops the list",
    "tops them all",
    "tops it",
    "beats it",
    "beats them all",
    "outranks it",
    "outdoes it",
    "exceeds it",
    "surpasses it",
    "comes first",
    "ranks first",
    "is first",
    "number one",
    "no 1",
    "on top",
    "in first place",
    "the top spot",
)
#: What may stand between a clause's start and a measure it restates of the clause's subject
#: ("though it is actually the largest", "which is really the biggest", "is your first one").
RESTATING_WORDS: frozenset[str] = frozenset(
    {
        "it",
        "which",
        "that",
        "is",
        "was",
        "being",
        "actually",
        "really",
        "truly",
        "in",
        "fact",
        "indeed",
        "clearly",
        "now",
        "still",
        "the",
        "your",
        "my",
        "our",
        "of",
        "all",
    }
)
#: Measures that rank by a count ("who sent me the most?"): an item the answer gives another
#: count than the answer's own is ranked elsewhere (checks/answer.py `_counted_elsewhere`).
COUNTING_MEASURES: frozenset[str] = frozenset({"most", "fewest", "least"})
#: Words that put two things level ("ties with Trading", "the same number"): a sentence with one
#: compares a count with the answer's, whatever count it gives.
TIE_WORDS: frozenset[str] = frozenset(
    {"tie", "ties", "tied", "tying", "same", "equal", "equals", "level", "joint", "jointly"}
)
