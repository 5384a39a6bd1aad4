"""Organisation words: company names, legal suffixes, advisers every company uses, generic
automated senders, project codenames, labels, folders and attachment types."""

from __future__ import annotations

from emailbench_gym.worlds.vocab.industries import PartnerKind, SystemKind

# fmt: off
#: Syllables company names are made of: onset + middle + ending ("Vel" + "mo" + "ra").
NAME_ONSETS = ("Al", "Bel", "Bran", "Cal", "Cor", "Dal", "Dra", "El", "Fen", "Gal", "Hal", "Is",
               "Jor", "Kal", "Lum", "Mar", "Nor", "Ol", "Pel", "Quil", "Ros", "Sel", "Tal", "Ul",
               "Vel", "Wes", "Xan", "Yar", "Zen", "Ard", "Bry", "Cas", "Dun", "Ev", "Gor", "Hel")
NAME_MIDDLES = ("a", "e", "i", "o", "u", "an", "en", "or", "ar", "il", "ov", "ez", "ur", "is")
NAME_ENDINGS = ("ra", "na", "tis", "via", "lo", "ton", "dex", "mar", "vane", "stone", "field",
                "mont", "wick", "ford", "line", "gate", "bury", "crest", "lyn", "ora", "ix", "um")
#: Two-word company names ("Ironbridge", "Bluefern").
NAME_FIRST_WORDS = ("Iron", "Blue", "North", "South", "East", "West", "Silver", "Golden", "Red",
                    "Green", "Stone", "Oak", "Pine", "Bright", "High", "Clear", "Deep", "Far",
                    "Fair", "Grand", "Long", "New", "Old", "True", "White", "Black", "Swift")
NAME_SECOND_WORDS = ("bridge", "fern", "gate", "field", "water", "wood", "point", "ridge",
                     "brook", "haven", "land", "mark", "path", "shore", "vale", "crest", "ford",
                     "well", "stead", "moor", "bay", "peak", "stream", "rock")

LEGAL_SUFFIXES: dict[str, tuple[str, ...]] = {
    "US": ("Inc.", "Corp.", "LLC", "Co."), "UK": ("Ltd", "plc"), "DE": ("GmbH", "AG"),
    "AT": ("GmbH", "AG"), "CH": ("AG", "SA"), "NL": ("B.V.", "N.V."), "SE": ("AB",),
    "IT": ("S.p.A.", "S.r.l."), "JP": ("K.K.", "Co., Ltd."),
}

#: Advisers any company may work with, besides its industry's partners.
ADVISERS: tuple[PartnerKind, ...] = (
    PartnerKind("law firm", ("LLP", "& Partners", "Legal"), ("Partner", "Senior Associate", "Counsel"), "Corporate", ("draft agreement", "engagement letter", "redline", "legal opinion")),
    PartnerKind("audit firm", ("& Co.", "Audit", "Assurance LLP"), ("Audit Partner", "Audit Manager"), "Assurance", ("audit plan", "information request list", "management letter")),
    PartnerKind("consultancy", ("Consulting", "Advisory", "Partners", "Group"), ("Principal", "Engagement Manager", "Managing Director"), "Advisory", ("proposal", "statement of work", "interim findings", "workshop summary")),
    PartnerKind("recruiting firm", ("Search", "Talent", "Executive Search"), ("Search Consultant", "Principal Recruiter"), "Executive Search", ("candidate shortlist", "interview schedule", "search update")),
)

#: Automated senders every company has: (name, address local part, notices).
GENERIC_SYSTEMS: tuple[SystemKind, ...] = (
    SystemKind("IT Service Desk", "servicedesk", (
        ("Ticket {code} opened: {ticket}", "Your request {code} ({ticket}) was logged at {time}.\nPriority: {priority}. Assigned group: {group}.\nReply to this message to add information to the ticket."),
        ("Ticket {code} resolved: {ticket}", "Request {code} ({ticket}) was resolved at {time}.\nIf the issue persists, reply within 5 days to reopen it.\nThis is an automated message from the IT Service Desk."),
    )),
    SystemKind("Expense Portal", "expenses", (
        ("Expense report {code} approved", "Expense report {code} ({amount}) was approved at {time} and will be paid in the next cycle.\nThis is an automated message from the Expense Portal."),
        ("Reminder: {n} expense items awaiting submission", "You have {n} card transactions without an expense report (oldest: {n2} days).\nThis is an automated reminder from the Expense Portal."),
    )),
    SystemKind("People Portal", "people-portal", (
        ("Action required: annual compliance training", "Your annual compliance training is due in {n2} days ({n3} modules remaining).\nThis is an automated message from the People Portal."),
        ("Timesheet approval: {n} pending", "{n} timesheets from your team are waiting for approval.\nThis is an automated message from the People Portal."),
    )),
    SystemKind("Company News", "news", (
        ("This week at {company_short}: {headline}", "This week: {headline}.\nAlso inside: {n3} new starters, an update from the {dept} team and the canteen menu.\nYou receive this newsletter as an employee of {company_short}."),
    )),
    SystemKind("Travel Desk", "travel", (
        ("Itinerary confirmed: {city} {date}", "Your booking {code} to {city} on {date} is confirmed.\nHotel: {n2} nights.\nThis is an automated message from the Travel Desk."),
    )),
    SystemKind("Facilities", "facilities", (
        ("Building notice: {notice}", "Building notice: {notice} on {date}.\nPlease plan around it. Questions go to the facilities team.\nThis is an automated message."),
    )),
)
TICKETS = ("laptop replacement", "VPN access", "shared drive permissions", "printer on floor {floor}",
           "new starter account", "monitor request", "mailbox quota", "conference room display",
           "software licence request", "password reset", "phone setup")
HEADLINES = ("record attendance at the town hall", "the new office opening", "our volunteering week",
             "a customer award for the {dept} team", "changes to the travel policy", "the wellbeing program",
             "the annual results", "the summer party", "the new intranet")
NOTICES = ("fire alarm test", "elevator maintenance", "water shut-off on floor {floor}",
           "parking garage resurfacing", "HVAC servicing", "window cleaning", "badge system upgrade")
TICKET_GROUPS = ("Desktop Support", "Identity & Access", "Network Services", "Collaboration Tools")
CAUSES = ("procedural", "equipment", "human error", "material", "documentation")

#: Project codenames: one word each, none a prefix of another or of any other word worlds use.
CODENAMES = (
    "Kestrel", "Heron", "Osprey", "Plover", "Egret", "Curlew", "Avocet", "Bittern", "Siskin",
    "Linnet", "Dunlin", "Godwit", "Shrike", "Starling", "Vega", "Altair", "Rigel", "Deneb", "Antares",
    "Polaris", "Sirius", "Lyra", "Orion", "Draco", "Cygnus", "Carina", "Basalt", "Cobalt", "Garnet",
    "Onyx", "Quartz", "Obsidian", "Feldspar", "Topaz", "Beryl", "Pyrite", "Agate", "Zircon", "Galena",
    "Malachite", "Aspen", "Alder", "Sequoia", "Cypress", "Hemlock", "Larch", "Sycamore", "Tamarack",
    "Banyan", "Tundra", "Fjord", "Mesa", "Caldera", "Glacier", "Estuary", "Atoll", "Lagoon",
    "Monsoon", "Zephyr", "Sirocco", "Mistral", "Chinook", "Gryphon", "Lynx", "Ocelot", "Narwhal",
    "Ibex", "Oryx", "Okapi", "Bison", "Caribou", "Pangolin", "Axolotl", "Manta", "Orca", "Marlin",
    "Argon", "Xenon", "Krypton", "Helium", "Titanium", "Vanadium", "Iridium", "Osmium", "Tungsten",
    "Palladium", "Cello", "Oboe", "Sitar", "Banjo", "Tuba", "Mandolin", "Kite", "Comet", "Nebula",
    "Quasar", "Pulsar", "Meteor", "Eclipse", "Solstice", "Equinox", "Tempest", "Cyclone", "Sherpa",
    "Voyager", "Pioneer", "Mariner", "Trident", "Citadel", "Bastion", "Rampart", "Parapet",
    "Monolith", "Obelisk", "Ziggurat", "Pagoda", "Kiln", "Anvil", "Lathe", "Sextant",
    "Astrolabe", "Gyro", "Prism", "Lumen", "Photon", "Quantum", "Vertex", "Vortex", "Helix",
    "Spiral", "Mosaic", "Tapestry", "Origami", "Kaleido", "Juno", "Ceres", "Pallas", "Vesta",
    "Europa", "Callisto", "Ganymede", "Rhea", "Triton", "Oberon", "Ariel",
)

#: Labels worlds draw besides their projects' (display name; every world has "Follow Up").
GENERIC_LABELS = ("Finance", "Vendors", "Hiring", "Travel", "Personal", "Admin", "Important",
                  "Waiting", "Reference", "Board", "Contracts", "Customers", "Team")
LABEL_COLORS = tuple(f"preset{i}" for i in range(25))

#: Extra mail folders the persona may have made (top level, or under a parent).
FOLDER_SETS = (
    ("Reference", "Receipts"), ("Team", "Vendors"), ("Read Later",), ("Contracts", "Reports"),
    ("Admin",), ("Archive 2", "Travel"), ("Personal",), ("Board Papers", "Hiring"),
)

#: Attachment kinds: (extension, MIME type, typical size in KiB).
ATTACHMENT_TYPES = (
    ("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", 180),
    ("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", 90),
    ("pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation", 1400),
    ("pdf", "application/pdf", 420),
    ("csv", "text/csv", 60),
)

TRAININGS = ("information security awareness", "data privacy", "anti-bribery", "workplace safety",
             "code of conduct", "inclusive hiring", "first aid refresher")
WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
# fmt: on
