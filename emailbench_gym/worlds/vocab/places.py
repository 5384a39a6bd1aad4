"""Cities (with the mailbox time zone each implies), streets, phone formats, venues, holidays."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class City:
    name: str
    region: str  # state, county or canton as written in an address
    country: str  # key of COUNTRIES
    time_zone: str  # a Windows zone name the settings API supports
    area: str  # the area code phone numbers use


@dataclass(frozen=True)
class Country:
    name: str
    language: str  # the mailbox language (settings LANGUAGES)
    date_format: str
    time_format: str
    tld: str  # what company domains end with there
    phone: str  # format with {area} and {n4} (a four-digit line) / {n3}
    postcode: str  # format with {n} digits
    street_kinds: tuple[str, ...]
    holiday_calendar: str  # the read-only holiday calendar's name


# fmt: off
COUNTRIES: dict[str, Country] = {
    "US": Country("United States", "en-US", "M/d/yyyy", "h:mm tt", ".com", "({area}) 555-01{n2}",
                  "{n5}", ("Street", "Avenue", "Boulevard", "Parkway", "Drive"), "United States holidays"),
    "UK": Country("United Kingdom", "en-GB", "dd/MM/yyyy", "HH:mm", ".co.uk", "+44 {area} 946 0{n3}",
                  "{pc}", ("Street", "Road", "Lane", "Square", "Place"), "UK holidays"),
    "DE": Country("Germany", "de-DE", "dd.MM.yyyy", "HH:mm", ".de", "+49 {area} 5550 {n3}",
                  "{n5}", ("Straße", "Allee", "Weg", "Platz"), "Feiertage Deutschland"),
    "AT": Country("Austria", "de-DE", "dd.MM.yyyy", "HH:mm", ".at", "+43 {area} 5550 {n3}",
                  "{n4}", ("Gasse", "Straße", "Platz"), "Feiertage Österreich"),
    "CH": Country("Switzerland", "en-GB", "dd.MM.yyyy", "HH:mm", ".ch", "+41 {area} 555 {n2} {n2b}",
                  "{n4}", ("strasse", "gasse", "platz"), "Swiss holidays"),
    "NL": Country("Netherlands", "en-GB", "dd-MM-yyyy", "HH:mm", ".nl", "+31 {area} 555 {n4}",
                  "{n4} {ab}", ("straat", "laan", "gracht", "plein"), "Dutch holidays"),
    "SE": Country("Sweden", "en-GB", "yyyy-MM-dd", "HH:mm", ".se", "+46 {area} 555 {n3} {n2}",
                  "{n3} {n2}", ("gatan", "vägen", "torget"), "Swedish holidays"),
    "IT": Country("Italy", "en-GB", "dd/MM/yyyy", "HH:mm", ".it", "+39 {area} 555 {n4}",
                  "{n5}", ("Via", "Corso", "Piazza"), "Italian holidays"),
    "JP": Country("Japan", "ja-JP", "yyyy/MM/dd", "H:mm", ".co.jp", "+81 {area}-5550-{n4}",
                  "{n3}-{n4}", ("Dori", "Chome"), "Japanese holidays"),
}

CITIES: tuple[City, ...] = (
    City("Chicago", "IL", "US", "Central Standard Time", "312"),
    City("Dallas", "TX", "US", "Central Standard Time", "214"),
    City("Minneapolis", "MN", "US", "Central Standard Time", "612"),
    City("Kansas City", "MO", "US", "Central Standard Time", "816"),
    City("Milwaukee", "WI", "US", "Central Standard Time", "414"),
    City("St. Louis", "MO", "US", "Central Standard Time", "314"),
    City("Nashville", "TN", "US", "Central Standard Time", "615"),
    City("Austin", "TX", "US", "Central Standard Time", "512"),
    City("Omaha", "NE", "US", "Central Standard Time", "402"),
    City("Madison", "WI", "US", "Central Standard Time", "608"),
    City("Des Moines", "IA", "US", "Central Standard Time", "515"),
    City("Tulsa", "OK", "US", "Central Standard Time", "918"),
    City("Memphis", "TN", "US", "Central Standard Time", "901"),
    City("Atlanta", "GA", "US", "Eastern Standard Time", "404"),
    City("Boston", "MA", "US", "Eastern Standard Time", "617"),
    City("Charlotte", "NC", "US", "Eastern Standard Time", "704"),
    City("Cleveland", "OH", "US", "Eastern Standard Time", "216"),
    City("Columbus", "OH", "US", "Eastern Standard Time", "614"),
    City("Detroit", "MI", "US", "Eastern Standard Time", "313"),
    City("Miami", "FL", "US", "Eastern Standard Time", "305"),
    City("New York", "NY", "US", "Eastern Standard Time", "212"),
    City("Philadelphia", "PA", "US", "Eastern Standard Time", "215"),
    City("Pittsburgh", "PA", "US", "Eastern Standard Time", "412"),
    City("Raleigh", "NC", "US", "Eastern Standard Time", "919"),
    City("Richmond", "VA", "US", "Eastern Standard Time", "804"),
    City("Tampa", "FL", "US", "Eastern Standard Time", "813"),
    City("Baltimore", "MD", "US", "Eastern Standard Time", "410"),
    City("Hartford", "CT", "US", "Eastern Standard Time", "860"),
    City("Indianapolis", "IN", "US", "Eastern Standard Time", "317"),
    City("Buffalo", "NY", "US", "Eastern Standard Time", "716"),
    City("Denver", "CO", "US", "Mountain Standard Time", "303"),
    City("Salt Lake City", "UT", "US", "Mountain Standard Time", "801"),
    City("Boise", "ID", "US", "Mountain Standard Time", "208"),
    City("Albuquerque", "NM", "US", "Mountain Standard Time", "505"),
    City("Boulder", "CO", "US", "Mountain Standard Time", "720"),
    City("Seattle", "WA", "US", "Pacific Standard Time", "206"),
    City("Portland", "OR", "US", "Pacific Standard Time", "503"),
    City("San Francisco", "CA", "US", "Pacific Standard Time", "415"),
    City("San Jose", "CA", "US", "Pacific Standard Time", "408"),
    City("Los Angeles", "CA", "US", "Pacific Standard Time", "213"),
    City("San Diego", "CA", "US", "Pacific Standard Time", "619"),
    City("Sacramento", "CA", "US", "Pacific Standard Time", "916"),
    City("Spokane", "WA", "US", "Pacific Standard Time", "509"),
    City("London", "Greater London", "UK", "GMT Standard Time", "20"),
    City("Manchester", "Greater Manchester", "UK", "GMT Standard Time", "161"),
    City("Birmingham", "West Midlands", "UK", "GMT Standard Time", "121"),
    City("Leeds", "West Yorkshire", "UK", "GMT Standard Time", "113"),
    City("Bristol", "Bristol", "UK", "GMT Standard Time", "117"),
    City("Edinburgh", "Midlothian", "UK", "GMT Standard Time", "131"),
    City("Glasgow", "Lanarkshire", "UK", "GMT Standard Time", "141"),
    City("Cardiff", "Glamorgan", "UK", "GMT Standard Time", "29"),
    City("Nottingham", "Nottinghamshire", "UK", "GMT Standard Time", "115"),
    City("Cambridge", "Cambridgeshire", "UK", "GMT Standard Time", "1223"),
    City("Berlin", "Berlin", "DE", "W. Europe Standard Time", "30"),
    City("Munich", "Bavaria", "DE", "W. Europe Standard Time", "89"),
    City("Hamburg", "Hamburg", "DE", "W. Europe Standard Time", "40"),
    City("Frankfurt", "Hesse", "DE", "W. Europe Standard Time", "69"),
    City("Cologne", "North Rhine-Westphalia", "DE", "W. Europe Standard Time", "221"),
    City("Stuttgart", "Baden-Württemberg", "DE", "W. Europe Standard Time", "711"),
    City("Leipzig", "Saxony", "DE", "W. Europe Standard Time", "341"),
    City("Vienna", "Vienna", "AT", "W. Europe Standard Time", "1"),
    City("Graz", "Styria", "AT", "W. Europe Standard Time", "316"),
    City("Zurich", "Zurich", "CH", "W. Europe Standard Time", "44"),
    City("Basel", "Basel-Stadt", "CH", "W. Europe Standard Time", "61"),
    City("Bern", "Bern", "CH", "W. Europe Standard Time", "31"),
    City("Amsterdam", "North Holland", "NL", "W. Europe Standard Time", "20"),
    City("Rotterdam", "South Holland", "NL", "W. Europe Standard Time", "10"),
    City("Utrecht", "Utrecht", "NL", "W. Europe Standard Time", "30"),
    City("Eindhoven", "North Brabant", "NL", "W. Europe Standard Time", "40"),
    City("Stockholm", "Stockholm County", "SE", "W. Europe Standard Time", "8"),
    City("Gothenburg", "Västra Götaland", "SE", "W. Europe Standard Time", "31"),
    City("Malmö", "Skåne", "SE", "W. Europe Standard Time", "40"),
    City("Milan", "Lombardy", "IT", "W. Europe Standard Time", "02"),
    City("Turin", "Piedmont", "IT", "W. Europe Standard Time", "011"),
    City("Bologna", "Emilia-Romagna", "IT", "W. Europe Standard Time", "051"),
    City("Rome", "Lazio", "IT", "W. Europe Standard Time", "06"),
    City("Tokyo", "Tokyo", "JP", "Tokyo Standard Time", "3"),
    City("Osaka", "Osaka", "JP", "Tokyo Standard Time", "6"),
    City("Yokohama", "Kanagawa", "JP", "Tokyo Standard Time", "45"),
    City("Nagoya", "Aichi", "JP", "Tokyo Standard Time", "52"),
    City("Fukuoka", "Fukuoka", "JP", "Tokyo Standard Time", "92"),
)

#: Words street names are built from ("{word} {kind}" or, for suffix kinds, "{word}{kind}").
STREET_WORDS: tuple[str, ...] = (
    "Maple", "Harbor", "Mill", "Chapel", "Market", "Orchard", "Station", "Bridge", "Church",
    "Garden", "Lake", "River", "Park", "Meadow", "Quarry", "Foundry", "Granary", "Canal",
    "Linden", "Birch", "Cedar", "Elm", "Juniper", "Willow", "Hawthorn", "Spring", "Summit",
    "Union", "Liberty", "Commerce", "Franklin", "Lincoln", "Madison", "Monroe", "Hamilton",
    "Kings", "Queens", "Abbey", "Castle", "Tower", "Dock", "Wharf", "Mint", "Exchange",
    "Rosen", "Linden", "Eichen", "Berg", "Kirch", "Hafen", "Markt", "Sonnen",
)

#: Places a lunch, dinner or off-site goes to ("{word} {kind}").
VENUE_WORDS: tuple[str, ...] = (
    "Copper", "Saffron", "Olive", "Lantern", "Juniper", "Fig", "Basil", "Ember", "Pepper",
    "Harvest", "Anchor", "Marble", "Thistle", "Clover", "Sorrel", "Quince", "Bramble",
    "Larder", "Almond", "Cardamom", "Tamarind", "Walnut", "Honey", "Sage",
)
VENUE_KINDS: tuple[str, ...] = (
    "Bistro", "Grill", "Brasserie", "Trattoria", "Tavern", "Café",
    "Dining Room", "Noodle House", "Tapas Bar", "Chophouse", "Canteen",
)
MEETING_ROOM_WORDS: tuple[str, ...] = (
    "Aurora", "Summit", "Horizon", "Lakeview", "Meridian", "Compass", "Atrium", "Pinnacle",
    "Boardroom", "Keystone", "Harborview", "Skyline", "Riverside", "Cornerstone", "Beacon",
    "Gallery", "Library", "Terrace", "Observatory", "Studio",
)
# fmt: on
