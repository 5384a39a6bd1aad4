"""Given names and surnames by naming tradition, and the mix each country's offices draw from."""

from __future__ import annotations

# fmt: off
GIVEN: dict[str, tuple[str, ...]] = {
    "anglo": (
        "Aaron", "Abigail", "Adam", "Amelia", "Andrew", "Beatrice", "Benjamin", "Bethany",
        "Caleb", "Charlotte", "Colin", "Daniel", "Deborah", "Douglas", "Eleanor", "Elliot",
        "Emily", "Felix", "Fiona", "Gareth", "Georgia", "Graham", "Hannah", "Harriet", "Henry",
        "Imogen", "Isaac", "Jessica", "Jonah", "Julian", "Katherine", "Laura", "Lucas",
        "Madeline", "Martin", "Megan", "Nicholas", "Olivia", "Oscar", "Patrick", "Philippa",
        "Quentin", "Rebecca", "Samuel", "Sophie", "Theodore", "Victoria", "Wesley", "Zoe",
        "Gavin", "Heather", "Ian", "Joanna", "Kevin", "Lydia", "Neil", "Owen", "Paige", "Ruth",
        "Simon", "Tessa", "Wendy", "Bridget", "Clive", "Darren", "Erin", "Frances", "Gordon",
        "Hugh", "Jasmine", "Keith", "Molly", "Naomi", "Rachel", "Stuart", "Trevor", "Vanessa",
    ),
    "hispanic": (
        "Alejandro", "Ana", "Beatriz", "Camila", "Carlos", "Catalina", "Diego", "Elena",
        "Emilio", "Esteban", "Fernanda", "Gabriela", "Gonzalo", "Inés", "Javier", "Jimena",
        "Joaquín", "Lucía", "Luis", "Marisol", "Mateo", "Nicolás", "Paloma", "Pablo", "Ramiro",
        "Renata", "Santiago", "Sofía", "Tomás", "Valentina", "Ximena", "Adriana", "Andrés",
        "Mariana", "Rodrigo", "Alma", "Cristina", "Eduardo", "Graciela", "Héctor", "Julieta",
    ),
    "south_asian": (
        "Aarav", "Aditi", "Akash", "Ananya", "Arjun", "Deepa", "Divya", "Gaurav", "Ishaan",
        "Kavya", "Kiran", "Lakshmi", "Meera", "Neha", "Nikhil", "Pooja", "Rahul", "Rajesh",
        "Rohan", "Sanjay", "Shreya", "Sunita", "Tarun", "Varun", "Vikram", "Anika", "Harsha",
        "Sameer", "Nandini", "Aparna", "Farhan", "Jyoti", "Manish", "Rekha", "Suresh", "Uma",
    ),
    "east_asian": (
        "Jia", "Jian", "Lan", "Ming", "Ning", "Qiang", "Rui", "Tao", "Xin", "Yan", "Yue",
        "Zhen", "Hyun", "Ji-woo", "Min-jun", "Seo-yeon", "Soo-jin", "Dong-hyun", "Eun-ji",
        "Tuan", "Linh", "Minh", "Thao", "Quynh", "Anh", "Bao", "Hui", "Jing", "Wen", "Yong",
    ),
    "japanese": (
        "Haruto", "Yui", "Ren", "Aoi", "Sota", "Hina", "Kenji", "Yuki", "Takumi", "Sakura",
        "Daiki", "Mio", "Hiroshi", "Naoko", "Kazuki", "Emi", "Ryo", "Ayaka", "Shun", "Misaki",
        "Taro", "Keiko", "Yusuke", "Rina", "Kaito", "Nanami", "Akira", "Chihiro", "Makoto",
    ),
    "german": (
        "Anja", "Bastian", "Christoph", "Dirk", "Elke", "Florian", "Greta", "Heike", "Jannik",
        "Jürgen", "Katrin", "Lukas", "Maren", "Matthias", "Petra", "Ralf", "Sabine", "Tobias",
        "Ulrike", "Volker", "Wiebke", "Frieda", "Henrik", "Jonas", "Kai", "Lena", "Moritz",
        "Svenja", "Annika", "Dominik", "Franziska", "Gerhard", "Holger", "Karsten", "Nadine",
    ),
    "dutch": (
        "Anouk", "Bram", "Daan", "Eline", "Femke", "Floor", "Joost", "Jeroen", "Lieke",
        "Maarten", "Niels", "Roos", "Sanne", "Sem", "Thijs", "Wouter", "Ilse", "Koen",
        "Marloes", "Pieter", "Esmee", "Ruben", "Stijn", "Fleur", "Hanneke", "Gijs", "Mirjam",
    ),
    "nordic": (
        "Astrid", "Bjørn", "Elin", "Erik", "Freja", "Gustav", "Hedda", "Ingrid", "Johan",
        "Karin", "Lars", "Linnea", "Magnus", "Maja", "Oskar", "Sigrid", "Sven", "Tove", "Ulf",
        "Viggo", "Agnes", "Axel", "Ebba", "Hugo", "Saga", "Frida", "Leif", "Solveig", "Torsten",
    ),
    "italian": (
        "Alessandro", "Chiara", "Davide", "Elisa", "Federico", "Francesca", "Giacomo",
        "Giulia", "Leonardo", "Lorenzo", "Marco", "Martina", "Matteo", "Paola", "Riccardo",
        "Sara", "Simone", "Stefania", "Valerio", "Alessia", "Emanuele", "Ilaria", "Vittoria",
        "Benedetta", "Cesare", "Donatella", "Fabrizio", "Ludovica", "Massimo",
    ),
    "african": (
        "Adaeze", "Ama", "Chidi", "Chinedu", "Efua", "Emeka", "Folake", "Ikenna", "Kofi",
        "Kwame", "Ngozi", "Nia", "Obinna", "Olu", "Sade", "Tendai", "Thabo", "Wanjiru",
        "Zanele", "Abena", "Kojo", "Amara", "Yaw", "Zuri", "Babajide", "Chiamaka", "Nomvula",
    ),
    "middle_eastern": (
        "Amir", "Dalia", "Farah", "Hassan", "Karim", "Layla", "Nadia", "Omar", "Rania",
        "Samir", "Tariq", "Yasmin", "Ziad", "Hoda", "Khalid", "Mona", "Nour", "Rami", "Salma",
        "Youssef", "Zeina", "Bashir", "Ghada", "Jamal", "Lina", "Walid",
    ),
    "slavic": (
        "Aleksander", "Anastasia", "Bogdan", "Dariusz", "Ewa", "Irena", "Jakub", "Katarzyna",
        "Milan", "Nikola", "Olga", "Pavel", "Radek", "Svetlana", "Tomasz", "Vera", "Zofia",
        "Marek", "Lenka", "Dmitri", "Agnieszka", "Ivana", "Borys", "Halina", "Miroslav",
    ),
    "french": (
        "Amélie", "Antoine", "Bastien", "Camille", "Céline", "Étienne", "Élodie", "Guillaume",
        "Hélène", "Julien", "Mathilde", "Nicolas", "Océane", "Pascal", "Sébastien", "Solène",
        "Thibault", "Virginie", "Yann", "Margaux", "Aurélien", "Brigitte", "Gaëlle", "Lucien",
    ),
}

SURNAMES: dict[str, tuple[str, ...]] = {
    "anglo": (
        "Abbott", "Ashford", "Barlow", "Bennett", "Blackwood", "Bradshaw", "Caldwell",
        "Chandler", "Dawson", "Ellison", "Fairbanks", "Fletcher", "Gallagher", "Garrison",
        "Hargrove", "Holloway", "Kendrick", "Langley", "Lockhart", "Mercer", "Merriman",
        "Norwood", "Pennington", "Prescott", "Radcliffe", "Sinclair", "Thornton", "Underwood",
        "Wainwright", "Yardley", "Ainsworth", "Brennan", "Cartwright", "Donnelly", "Hollis",
        "Kingsley", "Marlow", "Osborne", "Redfern", "Sutcliffe", "Talbot", "Winslow", "Ashby",
        "Dempsey", "Eastwood", "Forsyth", "Gilmore", "Hutchins", "Lowell", "Pemberton",
    ),
    "hispanic": (
        "Aguilar", "Alvarado", "Barrios", "Cabrera", "Castillo", "Delgado", "Espinoza",
        "Fuentes", "Guerrero", "Ibarra", "Lozano", "Medina", "Molina", "Navarro", "Olivares",
        "Pacheco", "Quintero", "Ríos", "Salazar", "Serrano", "Tapia", "Valdez", "Vargas",
        "Zamora", "Cortés", "Montoya", "Robles", "Sandoval", "Villanueva", "Bustamante",
    ),
    "south_asian": (
        "Agarwal", "Banerjee", "Bhatt", "Chatterjee", "Desai", "Ghosh", "Iyer", "Joshi",
        "Kapoor", "Krishnan", "Malhotra", "Mehta", "Menon", "Nair", "Patel", "Pillai", "Rao",
        "Reddy", "Sharma", "Srinivasan", "Subramanian", "Trivedi", "Venkatesh", "Chopra",
        "Kulkarni", "Bose", "Dutta", "Gupta", "Saxena", "Thakur",
    ),
    "east_asian": (
        "Chen", "Huang", "Lin", "Liu", "Wang", "Zhang", "Zhao", "Xu", "Zhou", "Tang", "Kim",
        "Park", "Choi", "Jung", "Kang", "Yoon", "Nguyen", "Tran", "Pham", "Vu", "Hoang", "Ng",
        "Wong", "Cheung", "Tan", "Lim", "Guo", "Song", "Han", "Shin",
    ),
    "japanese": (
        "Sato", "Suzuki", "Takahashi", "Tanaka", "Watanabe", "Ito", "Yamamoto", "Nakamura",
        "Kobayashi", "Kato", "Yoshida", "Yamada", "Sasaki", "Matsumoto", "Inoue", "Kimura",
        "Hayashi", "Shimizu", "Mori", "Ikeda", "Hashimoto", "Ishikawa", "Ogawa", "Fujita",
        "Okada", "Nishimura", "Fukuda", "Aoki",
    ),
    "german": (
        "Bauer", "Brandt", "Dietrich", "Engel", "Fischer", "Friedrich", "Hartmann", "Hoffmann",
        "Keller", "Krüger", "Lange", "Lehmann", "Lorenz", "Neumann", "Richter", "Schäfer",
        "Schmitt", "Schulz", "Vogel", "Wagner", "Weber", "Winkler", "Zimmermann", "Albrecht",
        "Baumann", "Graf", "Kühn", "Seidel", "Sommer", "Ziegler", "Brenner", "Wolff",
    ),
    "dutch": (
        "Bakker", "de Boer", "de Graaf", "de Jong", "de Vries", "Dekker", "Hendriks",
        "Jansen", "Kok", "Meijer", "Mulder", "Smit", "Vos", "van Dijk", "van den Berg",
        "van der Meer", "Visser", "Willems", "Brouwer", "Hoekstra", "Kuipers", "Postma",
        "Verhoeven", "Bosman", "Prins", "Timmermans",
    ),
    "nordic": (
        "Andersson", "Berg", "Dahl", "Eriksson", "Hansen", "Holm", "Johansson", "Karlsson",
        "Larsen", "Lindqvist", "Lund", "Magnusson", "Nielsen", "Nilsson", "Nyberg", "Olsen",
        "Persson", "Sandberg", "Strand", "Svensson", "Wikström", "Bergström", "Falk",
        "Lindgren", "Sjöberg", "Ekholm", "Halvorsen",
    ),
    "italian": (
        "Bianchi", "Bruno", "Colombo", "Conti", "Costa", "De Luca", "Esposito", "Ferrara",
        "Ferrari", "Fontana", "Galli", "Greco", "Lombardi", "Mancini", "Marino", "Moretti",
        "Ricci", "Rinaldi", "Romano", "Russo", "Santoro", "Barbieri", "Caruso", "Gallo",
        "Leone", "Villa", "Sartori", "Testa",
    ),
    "african": (
        "Adeyemi", "Asante", "Banda", "Boateng", "Chukwu", "Diallo", "Eze", "Kamau", "Mensah",
        "Moyo", "Mwangi", "Ndlovu", "Nkosi", "Nwosu", "Obi", "Odhiambo", "Okafor", "Okonkwo",
        "Onyango", "Owusu", "Sithole", "Abiodun", "Dlamini", "Otieno", "Adebayo", "Mutua",
    ),
    "middle_eastern": (
        "Abbas", "Aziz", "Farouk", "Habib", "Haddad", "Hakim", "Hamdan", "Issa", "Jaber",
        "Khalil", "Mansour", "Nasser", "Rahman", "Saleh", "Sayegh", "Shaheen", "Yousef",
        "Zaki", "Darwish", "Bitar", "Karam", "Najjar", "Suleiman", "Tawfik",
    ),
    "slavic": (
        "Horvat", "Kovač", "Kowalski", "Lewandowski", "Nowak", "Novák", "Petrov", "Popescu",
        "Sokolov", "Wiśniewski", "Zieliński", "Dvořák", "Kovalenko", "Marković", "Petrović",
        "Jovanović", "Szabo", "Varga", "Nagy", "Wójcik", "Kamiński", "Bondarenko", "Horák",
    ),
    "french": (
        "Bernard", "Dubois", "Durand", "Fontaine", "Fournier", "Garnier", "Girard", "Lambert",
        "Laurent", "Lefebvre", "Lemaire", "Leroy", "Mercier", "Moreau", "Morel", "Perrin",
        "Renard", "Rousseau", "Roux", "Bonnet", "Chevalier", "Dumont", "Gauthier", "Marchand",
    ),
}

#: Office country -> (naming tradition, weight): who works in an office there.
NAME_MIX: dict[str, tuple[tuple[str, float], ...]] = {
    "US": (
        ("anglo", 40), ("hispanic", 14), ("south_asian", 11), ("east_asian", 9),
        ("african", 6), ("middle_eastern", 5), ("slavic", 4), ("italian", 4), ("german", 3),
        ("french", 2), ("japanese", 2),
    ),
    "UK": (
        ("anglo", 48), ("south_asian", 15), ("african", 8), ("east_asian", 6), ("slavic", 6),
        ("italian", 4), ("french", 4), ("middle_eastern", 5), ("hispanic", 2), ("dutch", 2),
    ),
    "DE": (
        ("german", 58), ("slavic", 9), ("middle_eastern", 7), ("italian", 5), ("anglo", 6),
        ("dutch", 4), ("french", 4), ("nordic", 3), ("south_asian", 4),
    ),
    "AT": (("german", 66), ("slavic", 12), ("italian", 6), ("anglo", 6), ("middle_eastern", 5)),
    "CH": (("german", 40), ("french", 22), ("italian", 18), ("anglo", 8), ("slavic", 6)),
    "NL": (
        ("dutch", 60), ("german", 6), ("middle_eastern", 8), ("anglo", 8), ("south_asian", 5),
        ("african", 5), ("slavic", 4),
    ),
    "SE": (("nordic", 62), ("middle_eastern", 9), ("slavic", 7), ("anglo", 8), ("german", 5)),
    "IT": (("italian", 70), ("slavic", 7), ("african", 5), ("french", 6), ("anglo", 6)),
    "JP": (("japanese", 76), ("east_asian", 10), ("anglo", 8), ("south_asian", 4)),
}
# fmt: on
