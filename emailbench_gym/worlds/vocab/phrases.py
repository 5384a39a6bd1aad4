"""Mail text templates by intent: subjects and the sentences bodies are built from.

Templates use `[a|b]` alternatives and `{slot}` fields (see worlds/text.py). Slots every
human message may use: to, sender, me, person, project, theme, deliverable, deliverable2,
metric, site, partner, dept, due, due_date, n, n2, pct, amount, quarter, period, issue,
meeting, meeting_day, meeting_time. Industry jargon (vocab/industries.py) is mixed into
project mail, so the same intent reads differently in every world.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Intent:
    subjects: tuple[str, ...]
    openers: tuple[str, ...]
    cores: tuple[str, ...]
    asks: tuple[str, ...]


# fmt: off
GREETINGS = ("Hi {to},", "{to},", "Hello {to},", "Morning {to},", "Hey {to},", "Dear {to},", "{to} -", "Hi {to} -")
SIGNOFFS = ("Thanks,\n{sender}", "Best,\n{sender}", "{sender}", "Cheers,\n{sender}", "Regards,\n{sender_full}",
            "- {sender}", "Thank you,\n{sender}", "Many thanks,\n{sender}", "Best regards,\n{sender_full}", "Thx,\n{sender}")
GROUP_GREETINGS = ("Hi all,", "Team,", "All,", "Hello everyone,", "Hi team,", "Good morning all,")

INTENTS: dict[str, Intent] = {
    "request": Intent(
        ("{project}: {deliverable} - [need your input|comments by {due}|for your review]",
         "[Input needed|Your input] on the {project} {deliverable}",
         "Quick question on {project} {metric}",
         "{project} {deliverable} - your sign-off?",
         "Can you [review|look over|check] the {project} {deliverable}?",
         "[Review|Feedback] request: {project} {deliverable}",
         "{project}: open questions on the {deliverable}",
         "Need a decision on {project} {deliverable2}"),
        ("[I'm|We're] [pulling together|finalising|closing out] the {deliverable} for {project} and [need|could use] your [view|input|eyes] on [a couple of|two|three] points.",
         "[Following up on|Picking up] [our chat|the discussion] [from {period}|last week|earlier], [here is|attached is] the [latest|current|revised] {deliverable}.",
         "[Before|Ahead of] the {project} [review|checkpoint|milestone] I'd like to [settle|agree|close] the open items on the {deliverable}.",
         "[Quick one|Short one|A small ask]: [could you|can you] [take a look at|weigh in on] the {project} {deliverable}?",
         "The {project} team [has|have] [a first|a second|a near-final] draft of the {deliverable} [ready|in the shared folder]."),
        ("The [main|biggest|open] question is whether we [treat|count|report] the {metric} [the same way as|differently from] last {period_noun}.",
         "[Section|Page] {n} [still|] has [placeholders|gaps|estimates] [where|that] {person} [is|was] [waiting on|chasing] data.",
         "[I've|We've] [assumed|used] a {metric} of {pct}; [shout|tell me] if that [looks off|seems wrong|is too aggressive].",
         "{person} [raised|flagged] [a concern|a question|an issue] about the {deliverable2}, [which|and it] [affects|touches] the [timeline|budget|scope].",
         "[Without|If we don't get] sign-off by {due} the {project} [timeline|plan|go-live] [slips|moves] by a week.",
         "[Everything|Most of it] [else|] is [agreed|settled|in good shape]; [only|just] the {deliverable2} is [open|unresolved|pending]."),
        ("[Could you|Can you|Would you] [send|share|give me] your [comments|thoughts|sign-off] by {due}?",
         "[A yes or no|A short reply|Even a quick thumbs-up] [is fine|works|would help].",
         "[Happy to|I can] [walk you through it|talk it over|set up 15 minutes] if [that's easier|you prefer].",
         "[Let me know|Tell me] if [you'd rather|you want to] [take this to|discuss it at] the next [review|catch-up|one-to-one].",
         "[Please|] [mark up|comment on] the draft [directly|in the file] [if that's easier|so we keep one version]."),
    ),
    "update": Intent(
        ("{project} [status|progress] update[ - {period}|]",
         "{project}: where we are on the {deliverable}",
         "[Update|Status] on the {theme}",
         "{project} {metric} [numbers|figures] for {period}",
         "[Weekly|Fortnightly] {project} [note|summary|update]",
         "{project} - [good news|mixed news|an update] on the {deliverable}",
         "[Progress|Where we stand] on {project}"),
        ("[A quick|Short|Brief] [update|note] on {project} [for {period}|before the weekend|as promised].",
         "[Here's|This is] [where|how] {project} [stands|is tracking] [this week|after {period}].",
         "[As promised|Per your ask|As discussed], [a summary of|an update on] the {theme}.",
         "[Good|Decent|Mixed] [week|progress] on {project}; [details|highlights] below."),
        ("The {deliverable} is [done|drafted|with {person} for review|about {pct} complete].",
         "[The|Our] {metric} [came in at|is running at|landed at] {pct} [against|versus] a [target|plan] of {pct2}.",
         "[Risks|Watch items]: {issue}, [which we are|and we're] [managing|working through] with {person}.",
         "[Next|Coming up]: the {deliverable2} [by {due}|next week|before the {quarter} close].",
         "{person} [has taken|took] [over|on] the {deliverable2} [while|since] {person2} [is out|moved teams].",
         "[No change|Nothing new] on the budget: [still|] {amount} [committed|spent] [to date|so far].",
         "We [closed|finished|cleared] {n} of the {n2} open [items|actions|issues] [this week|since the last update]."),
        ("[No action needed|Nothing needed from you] [for now|yet|this week].",
         "[Shout|Let me know] if you want [more detail|the full numbers|the backup] on any of it.",
         "I'll [send|share] the next update [after|on] {due}.",
         "[Happy to|Glad to] [cover this|go through it] [in our next one-to-one|at the review] if useful."),
    ),
    "approval": Intent(
        ("Approval needed: {project} {deliverable}",
         "{project} [budget|scope] change request",
         "Sign-off [on|for] the {deliverable} ({project})",
         "[Please approve|For approval]: {project} {deliverable2}",
         "{project}: [spend|PO] approval for {amount}"),
        ("I need your approval [on|for] [a change to|an increase in|the final version of] the {project} {deliverable}.",
         "[We're asking|I'm asking] for [sign-off|approval] [to proceed with|to commit to] the {deliverable2} [for|on] {project}."),
        ("The [change|request] [adds|is] {amount} [to the budget|over plan|in one-off cost], [offset by|partly offset by] [savings on|a cut to] the {deliverable2}.",
         "[Without it|If we wait], the {metric} [stays|would stay] [around|at] {pct} [through|until] {quarter}.",
         "{person} and {dept} [have reviewed|are comfortable with|support] [it|the numbers].",
         "[It's|This is] within the [limits|envelope] we agreed [at|in] the [last review|{quarter} plan]."),
        ("[Please|Could you] [approve|confirm] by {due} so we can [place the order|start work|hold the slot].",
         "[Reply|A reply] with [approve|yes] [is enough|works] [for the audit trail|for the record]."),
    ),
    "meeting_prep": Intent(
        ("Agenda for {meeting_day}'s {meeting}",
         "{meeting}: pre-read",
         "Materials for the {meeting}",
         "Prep for {meeting} on {meeting_date}",
         "[Re|About] {meeting_day}'s {meeting} - [points to cover|what I need from you]",
         "{meeting} on {meeting_day} - [draft agenda|slides|numbers]"),
        ("[Ahead of|Before|For] the {meeting} on {meeting_day} at {meeting_time}, [here is|attached is|below is] [the draft agenda|the pre-read|what I plan to cover].",
         "[Quick note|A heads-up] before {meeting_day}'s {meeting}.",
         "[Please|] [read|skim|look through] the [attached|below] before the {meeting} on {meeting_date}."),
        ("[First|Item one]: {deliverable} [status|review|sign-off] ({person}, [10|15|20] minutes).",
         "[Then|Next] the {metric} [numbers|trend] [for {period}|since the last meeting].",
         "[We should also|I'd like to] [leave time|make room] for [the open question on|a decision on] the {deliverable2}.",
         "{person} will [present|walk through|cover] the {deliverable}[ and take questions|].",
         "[Any other business|AOB] [at the end|last], [time permitting|if we have time]."),
        ("[Send me|Let me know] anything [else|] [to add|you want on the agenda] by {due}.",
         "[Please|] [bring|have] your [numbers|updates|questions] [ready|to hand].",
         "[If you can't make it|If you're double-booked], [send|nominate] a [delegate|deputy]."),
    ),
    "meeting_followup": Intent(
        ("Notes from the {meeting}",
         "Follow-ups from {meeting_day}'s {meeting}",
         "Actions: {meeting}",
         "[Summary|Recap] of the {meeting}"),
        ("[Thanks all|Thanks everyone|Thank you] for [the time|a good discussion] at the {meeting} [on {meeting_day}|earlier].",
         "[Here are|Below are] the [notes|actions|decisions] from the {meeting}."),
        ("[Decision|Agreed]: we [go ahead|proceed] with the {deliverable} [as drafted|with the changes {person} proposed].",
         "[Action|Owner]: {person} to [update|finish|circulate] the {deliverable2} by {due}.",
         "[Open|Still open]: [the question on|how we handle] the {metric}; [to revisit|we'll come back to it] [next time|at the next meeting].",
         "[Parked|Deferred]: [the budget discussion|the {deliverable2}] [until|to] {quarter}."),
        ("[Corrections|Additions] [welcome|to me] by {due}.",
         "[I'll|We'll] [track|follow up on] the actions [in the tracker|at the next meeting]."),
    ),
    "escalation": Intent(
        ("URGENT: {project} {issue_short}",
         "{project} {metric} [slipped|missed] - need a decision",
         "Escalation: {issue_short}",
         "{issue_short^} - [need you today|please call me]",
         "[Problem|Issue] with the {project} {deliverable}"),
        ("[We have|There's] {issue}, and [I need|we need] [your call|a decision|your help] [today|before end of day|this morning].",
         "[Flagging|Escalating] [this|something] [now|early] [because|as] it [puts|may put] the {project} [date|go-live|commitment] at risk."),
        ("[The impact|The exposure] is [roughly|about|up to] {amount} [if we do nothing|this {period_noun}|over the quarter].",
         "[{person} and I|The team] [looked at|went through] [the options|three options]: [hold|delay], [rework|fix forward] or [absorb the cost|escalate to {partner}].",
         "[My recommendation|I'd recommend] [is|:] [we|to] [delay by a week|fix forward|bring in {partner}] [and tell the customer today|and reset the plan].",
         "The {metric} [is already at|has fallen to] {pct}[, below the threshold|]."),
        ("Can you [call me|give me ten minutes|reply] [as soon as you can|before {due}|this morning]?",
         "[I'll|We'll] [hold|pause] [everything|the rollout] until [I hear from you|we decide]."),
    ),
    "external": Intent(
        ("{partner}: [revised|updated|draft] {partner_doc}",
         "{partner_doc^} for {project}",
         "{company_short} / {partner} - next steps",
         "[Our|The] {partner_doc} [- for your review|attached|as discussed]",
         "{partner} {partner_doc} ({period})",
         "Following up: {partner_doc}"),
        ("[Thank you for|Thanks for] [the call|your time|the meeting] [on {period}|last week|yesterday].",
         "[As discussed|As promised|Further to our conversation], [please find|attached is|here is] [our|the] {partner_doc}.",
         "[I hope you are well.|I hope the week is going well.|Good to speak earlier.] [Please find|Here is] the {partner_doc} [we discussed|for {project}]."),
        ("[We have|We've] [reflected|incorporated] [your comments|the points you raised] on the {deliverable}[, apart from the pricing schedule|].",
         "[The|Our] [proposal|offer] [holds|stands] at {amount} [until|through] {due}.",
         "[Our team|We] can [start|mobilise] [within two weeks|in {quarter}|after signature], [subject to|pending] [your approval|the contract].",
         "{person} [from our side|on our team] will [coordinate|lead] [day to day|the detail]."),
        ("[Please|Kindly] [let us know|confirm] [if you have questions|your comments] by {due}.",
         "[We would be happy to|Happy to] [arrange a call|walk your team through it] [at your convenience|next week]."),
    ),
    "announcement": Intent(
        ("[Announcement|Org update]: {announce}",
         "{dept} all-hands on {due_date}",
         "Welcome {person_full} to the {dept} team",
         "{quarter} planning timeline",
         "[Changes|Update] to {announce_short}"),
        ("[I'm pleased to share|I wanted to let you know|A quick note to share] [that|] {announce}.",
         "[Ahead of|As we head into] {quarter}, [a few|some] [changes|updates] [to share|for the team]."),
        ("[This takes effect|The change starts] [on {due_date}|from next week|at the start of {quarter}].",
         "{person} will [lead|run|own] [the transition|the detail|day-to-day questions].",
         "[We'll|I'll] [cover|talk about] [this|it] [at the next all-hands|in the town hall|at the {dept} meeting].",
         "[There is no change|Nothing changes] [to reporting lines|to your day-to-day] [for now|yet]."),
        ("[Questions to|Please send questions to] [me|{person}] [directly|any time].",
         "[Thanks for|Thank you for] [everything you do|your patience|your support]."),
    ),
    "admin": Intent(
        ("Reminder: {admin_topic} due {due}",
         "[Action needed|Please complete]: {admin_topic}",
         "[Your|The] {admin_topic} - [deadline|due] {due_date}",
         "{admin_topic^} [reminder|deadline]"),
        ("[A reminder|Just a reminder|Friendly reminder] [that|:] [the|our] {admin_topic} [is due|closes|deadline is] {due}.",
         "[Please|Kindly] [complete|submit] [your|the] {admin_topic} by {due}."),
        ("[It takes|This should take] [about|around] {n} minutes.",
         "[Late|Missing] [submissions|items] [hold up|delay] [the month-end close|payroll|the report to {dept}].",
         "[Reply to me|Contact {person}] if you [have questions|need an extension|are out that week]."),
        ("[Thanks for your help|Thank you].",),
    ),
    "social": Intent(
        ("Lunch on {due}?",
         "Farewell [drinks|lunch|coffee] for {person}",
         "Coffee next week?",
         "Congratulations, {person}!",
         "Team [lunch|dinner|outing] on {due_date}"),
        ("[Are you free|Any chance you're free|Fancy] [for lunch|for a coffee|to grab lunch] on {due}?",
         "[As some of you know|You may have heard], {person} [is leaving|moves on] [at the end of the month|after {period}].",
         "[Big|Huge|Many] congratulations [to {person}|on the news]!"),
        ("[I was thinking|How about] [12:30|noon|1:00] at {venue}.",
         "[We're|I'm] [booking|reserving] a table [at|for] {venue} [for|around] [12:30|6:00].",
         "[It would be good|I'd love] to [catch up|hear how {project} is going|compare notes]."),
        ("[Let me know|Tell me] if [that works|you can make it].",
         "[Hope you can join|All welcome]."),
    ),
    "persona_request": Intent(
        ("{project}: can you [pull|prepare|refresh] the {metric} numbers?",
         "Priorities for {period}",
         "Draft {deliverable} - please check",
         "[Need|Please prepare] the {deliverable} for {project} by {due}",
         "{project} {deliverable2} - owner?"),
        ("[Could you|Can you|Please] [pull together|prepare|update] the {deliverable} for {project} [by {due}|this week|before the review]?",
         "[For|Over] {period}, [my|our] priorities are [below|as follows].",
         "[I've drafted|Here's a first draft of] the {deliverable}; [please|can you] [check the numbers|sanity-check it]."),
        ("[Focus on|Start with] the {metric} [and the trend since|compared with] {period}.",
         "{person} [has|holds] the [source data|latest extract]; [ask|work with] [them|{person}] [directly|if you get stuck].",
         "[Keep|Leave] the {deliverable2} [out for now|for the next round|as is]."),
        ("[Send it|Share it] [my way|to me] [when it's ready|by {due}].",
         "[Thanks|Thank you] - [this helps a lot|much appreciated]."),
    ),
}

REPLY_OPENERS = ("Thanks, {to}[ - this is helpful|. Very clear|]", "Got it[, thanks|].", "[Thanks for|Appreciate] the [quick|detailed|] [turnaround|update|note].",
                 "[Makes sense|Agreed|Sounds right].", "[Good|Fair] [point|question].", "[Apologies for|Sorry for] the slow reply.", "Thanks {to}.")
REPLY_CORES = (
    "[I'm fine with|I'm happy with|I can live with] the {deliverable} [as is|with one change|if we fix the dates].",
    "[Please|Let's] [go ahead|proceed] [and|but] [keep|loop] {person} [in the loop|informed].",
    "[One question|One thing]: [does|do] the {metric} [include|cover] the {site} [numbers|figures]?",
    "[I'll|I will] [review|read] [it|the draft] [properly|in detail] [tonight|tomorrow morning|before {due}].",
    "[Can we|Could we] [move|push] [this|the deadline] to {due}[? The week is packed|]?",
    "[Let's|We should] [discuss|cover] [this|it] at the {meeting}.",
    "[Use|Go with] the [conservative|lower|latest] [number|estimate] [for now|in the draft].",
    "[Yes|Approved] - [go ahead|proceed] [on the {amount}|with the change].",
    "[I'd|I would] [hold off|wait] [until|for] {person} [confirms|has looked at it].",
    "[Send me|Forward me] the [backup|source file|detail] [when you can|so I can check].",
)
REPLY_CLOSERS = ("[Thanks|Thanks again].", "[Talk soon|Speak soon].", "", "[More|Details] [tomorrow|later].", "")
FORWARD_NOTES = ("[See below|FYI, see below] - [can you|could you] [take this|handle this|pick this up]?",
                 "[Forwarding|Passing on] [for your files|in case it's useful|for visibility].",
                 "{to}, [please|can you] [look at|review] [this|the below] [and reply directly|before {due}]?",
                 "[Adding you|Looping you in] [on this|here] - [your area|relevant to {project}].")
# fmt: on

# fmt: off
ANNOUNCEMENTS = (
    "{person_full} joins us as {title}", "we are reorganising {dept} into two groups from {quarter}",
    "the {site} team moves to new premises next month", "{quarter} planning starts on {due_date}",
    "we are changing how we run the weekly reviews", "{person_full} will lead the {theme}",
    "our travel and expenses policy changes on {due_date}", "we have closed the hiring round for {dept}",
)
ANNOUNCE_SHORT = ("the review cadence", "the {dept} structure", "the expenses policy", "{quarter} planning",
                  "the hiring plan", "the office layout")
ADMIN_TOPICS = ("expense report", "timesheet", "{training} training", "annual review self-assessment",
                "holiday plan", "benefits enrolment", "conflict-of-interest declaration")
PERIODS = ("last week", "the last two weeks", "{month}", "this month", "the quarter to date", "{month} {year}")
DRAFT_BODIES = (
    "{to},\n\n[Thanks for this.|Quick reply on this.] [I think|My view is] we should [hold|go ahead with] the {deliverable}[, but|] -",
    "{to} - [following up on|re] the {deliverable}: [can we|could we]",
    "Hi {to},\n\n[Picking up|Coming back to] [your note|this] [about|on] the {metric}. [I've looked at|I went through] the [numbers|draft] and",
)

#: Junk mail: (sender name, subject, body); {word}, {n}, {pct}, {code} slots.
JUNK = (
    ("Account Security Team", "[Action required|Urgent]: verify your mailbox within 24 hours",
     "Your mailbox storage is almost full and {n} messages are on hold. Verify your account at the link below to release them, or your access will be suspended.\nMailbox Administration"),
    ("Deals Desk", "[Exclusive|Limited-time] offer: {pct} off [office chairs|printer ink|standing desks]",
     "This week only: {pct} off our bestselling range, free delivery on orders over 50. Unsubscribe at any time.\nDeals Desk"),
    ("Conference Registration", "[Final call|Last chance]: register for the {word} Leadership Summit",
     "Join {n} senior leaders at the {word} Leadership Summit. Early-bird pricing ends Friday. Reply STOP to opt out."),
    ("Parcel Notification", "Your parcel could not be delivered (ref {code})",
     "We attempted to deliver your parcel {code} but nobody was available. Pay the redelivery fee of 1.99 to reschedule."),
    ("Invoice Department", "Invoice {code} overdue - [final notice|payment required]",
     "Please find attached invoice {code}. Payment is now {n} days overdue. Open the attached file to settle your balance today."),
    ("Webinar Team", "Webinar: [how to grow your pipeline|scaling your operations] in {year}",
     "Save your seat for our free webinar with {n} industry experts. Can't make it? Register anyway and we'll send the recording."),
    ("Rewards Center", "You have been selected for a [gift card|reward]",
     "Congratulations! Your email address was selected for a reward. Complete a short survey ({n} questions) to claim it."),
)
JUNK_WORDS = ("Apex", "Nova", "Pinnacle", "Vanguard", "Zenith", "Elevate", "Momentum", "Catalyst")
JUNK_DOMAINS = ("mailer-promo.biz", "secure-verify.info", "deals-weekly.net", "global-summits.co",
                "parcel-track.info", "rewards-center.biz", "webinar-hub.net", "invoicing-online.co")
# fmt: on
