// The keyword tables of Popeye's input language in English, German and French.
//
// Source: Popeye 4.104 (https://github.com/thomas-maeder/popeye), the string tables of
// output/plaintext/language_dependant.c (GlobalTokenString, ProblemTokenString,
// EndTwinTokenString, InitialTwinTokenString, TwinningString, TwinningMirrorString, OptString,
// CondString, ExtraCondString, the condition variant tables, ColourString, PieSpString,
// PieNamString), in the order of the enums they are indexed by; the pieces' English names from
// Popeye's pie-engl.txt (py-engl.txt, py-deut.txt, py-fran.txt describe the language). Only the
// words are taken over: the lookup below is written here.
//
// Every spelling is plain ASCII, as in Popeye (German umlauts written out: "Laeufer",
// "Koenig"). Piece codes are kept upper case; Popeye keeps them lower case and matches them in
// either case, as find_keyword does.

#include "solver/problem/popeye_vocabulary.h"

#include <cctype>
#include <cstddef>
#include <string>

#include <fmt/core.h>

namespace arbiter::problem::popeye {

namespace {

using G = Group;

// Each table lists its groups in the order find_keyword consults them, each group in the order
// of the Popeye enum that indexes it (its count, and where the enum is, above the group).

// Directive: the parts of a problem, then the ends of a problem, then the beginning of one.
constexpr Keyword DirectiveTable[] = {
    // InitialTwinTokenString, enum InitialTwinToken (output/plaintext/language_dependant.h): 16, less
    // the line break "\n" at 9 that Popeye keeps among them as a separator, not a word: 15.
    {"Remark", G::InitialTwin, "remark", "Bemerkung", "remarque"},
    {"SStipulation", G::InitialTwin, "sstipulation", "sForderung", "senonce"},
    {"Author", G::InitialTwin, "author", "Autor", "auteur"},
    {"Origin", G::InitialTwin, "origin", "Quelle", "source"},
    {"Pieces", G::InitialTwin, "pieces", "Steine", "pieces"},
    {"Condition", G::InitialTwin, "condition", "Bedingung", "condition"},
    {"Option", G::InitialTwin, "option", "Option", "option"},
    {"Stipulation", G::InitialTwin, "stipulation", "Forderung", "enonce"},
    {"Protocol", G::InitialTwin, "protocol", "Protokoll", "protocol"},
    {"Title", G::InitialTwin, "title", "Titel", "titre"},
    {"LaTeX", G::InitialTwin, "LaTeX", "LaTeX", "LaTeX"},
    {"LaTeXPieces", G::InitialTwin, "LaTeXPieces", "LaTeXSteine", "PiecesLaTeX"},
    {"Award", G::InitialTwin, "award", "Auszeichnung", "prix"},
    {"InitialGameArray", G::InitialTwin, "InitialGameArray", "PartieAnfangsStellung", "PositionInitialePartie"},
    {"Forsyth", G::InitialTwin, "Forsyth", "Forsyth", "Forsyth"},
    // ProblemTokenString, enum ProblemToken (output/plaintext/language_dependant.h): 2.
    {"EndProblem", G::Problem, "endproblem", "EndeProblem", "FinProbleme"},
    {"NextProblem", G::Problem, "nextproblem", "WeiteresProblem", "asuivre"},
    // GlobalTokenString, enum GlobalToken (output/plaintext/language_dependant.h): 1.
    {"BeginProblem", G::Begin, "beginproblem", "AnfangProblem", "DebutProbleme"},
};

// EndOrTwin.
constexpr Keyword EndOfTwinTable[] = {
    // EndTwinTokenString, enum EndTwinToken (output/plaintext/language_dependant.h): 2.
    {"Twin", G::EndTwin, "twin", "Zwilling", "jumeau"},
    {"ZeroPosition", G::EndTwin, "zeroposition", "NullStellung", "zeroposition"},
};

// TwinOperation.
constexpr Keyword TwinOperationTable[] = {
    // TwinningString, enum TwinningType (input/plaintext/twin.h): 13.
    {"Move", G::Twinning, "move", "versetze", "deplacement"},
    {"Exchange", G::Twinning, "exchange", "tausche", "echange"},
    {"Stipulation", G::Twinning, "stipulation", "Forderung", "enonce"},
    {"SStipulation", G::Twinning, "sstipulation", "SForderung", "senonce"},
    {"Add", G::Twinning, "add", "hinzufuegen", "ajoute"},
    {"Remove", G::Twinning, "remove", "entferne", "ote"},
    {"Continued", G::Twinning, "continued", "ferner", "enplus"},
    {"Rotate", G::Twinning, "rotate", "Drehung", "rotation"},
    {"Condition", G::Twinning, "condition", "Bedingung", "condition"},
    {"PolishType", G::Twinning, "PolishType", "Farbwechsel", "CouleurEchange"},
    {"Mirror", G::Twinning, "mirror", "Spiegelung", "miroir"},
    {"Shift", G::Twinning, "shift", "Verschiebung", "translation"},
    {"Substitute", G::Twinning, "substitute", "ersetze", "remplace"},
};

// MirrorAxis: the same in every language.
constexpr Keyword MirrorAxisTable[] = {
    // TwinningMirrorString, enum TwinningMirrorType (input/plaintext/twin.h): 4.
    {"a1<-->h1", G::TwinningMirror, "a1<-->h1", "a1<-->h1", "a1<-->h1"},
    {"a1<-->a8", G::TwinningMirror, "a1<-->a8", "a1<-->a8", "a1<-->a8"},
    {"a1<-->h8", G::TwinningMirror, "a1<-->h8", "a1<-->h8", "a1<-->h8"},
    {"a8<-->h1", G::TwinningMirror, "a8<-->h1", "a8<-->h1", "a8<-->h1"},
};

// Option.
constexpr Keyword OptionTable[] = {
    // OptString, enum Opt (options/options.h): 39 (OptCount's comment there says 38).
    {"Defence", G::Options, "Defence", "Widerlegung", "Defense"},
    {"SetPlay", G::Options, "SetPlay", "Satzspiel", "Apparent"},
    {"WhiteToPlay", G::Options, "WhiteToPlay", "WeissBeginnt", "ApparentSeul"},
    {"Variations", G::Options, "Variations", "Varianten", "Variantes"},
    {"MoveNumbers", G::Options, "MoveNumbers", "Zugnummern", "Trace"},
    {"StartMoveNumber", G::Options, "StartMoveNumber", "StartZugnummer", "Enroute"},
    {"NoWk", G::Options, "NoWk", "OhneWk", "SansRB"},
    {"Duplex", G::Options, "Duplex", "Duplex", "Duplex"},
    {"NoBk", G::Options, "NoBk", "OhneSk", "SansRN"},
    {"Threat", G::Options, "Threat", "Drohung", "Menace"},
    {"NoThreat", G::Options, "NoThreat", "OhneDrohung", "SansMenace"},
    {"Try", G::Options, "Try", "Verfuehrung", "Essais"},
    {"MaxSolutions", G::Options, "MaxSolutions", "MaxLoesungen", "MaxSolutions"},
    {"MaxFlightsquares", G::Options, "MaxFlightsquares", "MaxFluchtFelder", "MaxCasesFuites"},
    {"Search", G::Options, "Search", "Suchen", "Search"},
    {"MultiSolutions", G::Options, "MultiSolutions", "MehrereLoesungen", "MultiSolutions"},
    {"NoSymmetry", G::Options, "NoSymmetry", "KeineSymmetrie", "NonSymetrique"},
    {"NonTrivial", G::Options, "NonTrivial", "NichtTrivial", "NonTrivial"},
    {"KeepMatingPiece", G::Options, "KeepMatingPiece", "HalteMattsetzendenStein", "RetiensPieceMatante"},
    {"EnPassant", G::Options, "EnPassant", "EnPassant", "EnPassant"},
    {"NoBoard", G::Options, "NoBoard", "OhneBrett", "SansEchiquier"},
    {"NoShortVariations", G::Options, "NoShortVariations", "OhneKurzVarianten", "SansVariantesCourtes"},
    {"HalfDuplex", G::Options, "HalfDuplex", "HalbDuplex", "DemiDuplex"},
    {"PostKeyPlay", G::Options, "PostKeyPlay", "NachSchluessel", "ApresCle"},
    {"Intelligent", G::Options, "Intelligent", "Intelligent", "Intelligent"},
    {"MaxTime", G::Options, "MaxTime", "MaxZeit", "MaxTemps"},
    {"NoCastling", G::Options, "NoCastling", "KeineRochade", "SansRoquer"},
    {"Quodlibet", G::Options, "Quodlibet", "Quodlibet", "Quodlibet"},
    {"StopOnShortSolutions", G::Options, "StopOnShortSolutions", "StopNachKurzloesungen", "FinApresSolutionsCourtes"},
    {"Beep", G::Options, "Beep", "Pieps", "Bip"},
    {"SuppressGrid", G::Options, "SuppressGrid", "OhneGitter", "SansGrille"},
    {"WriteGrid", G::Options, "WriteGrid", "ZeichneGitter", "AjouteGrille"},
    {"CastlingMutuallyExclusive", G::Options, "CastlingMutuallyExclusive", "RochadenGegenseitigAusschliessend",
     "RoquesMutuellementExclusifs"},
    {"GoalIsEnd", G::Options, "GoalIsEnd", "ZielIstEnde", "ButEstFin"},
    {"unpublishedoption", G::Options, "unpublishedoption", "nichtpublizierteoption", "optionnonpubliee"},
    {"NullMoves", G::Options, "NullMoves", "NullZuege", "CoupsVides"},
    {"UpToMoveNumber", G::Options, "UpToMoveNumber", "BisZugnummer", "JusquAuCoup"},
    {"TrivialTriesAvoid", G::Options, "TrivialTriesAvoid", "TrivialeFehlversucheUnterdruecken",
     "TrivialEssaiSupprimer"},
    {"MatesIn1", G::Options, "MatesIn1", "MattsIn1", "MatsEn1"},
};

// Condition. 123 is a placeholder Popeye still reads ("CURRENTLYUNUSED"); French has "AnnanEchecs"
// for both 157 (AnnanChess) and 209 (NannaChess).
constexpr Keyword ConditionTable[] = {
    // CondString, enum Cond (conditions/conditions.h): 241.
    {"Circe", G::Conditions, "Circe", "Circe", "Circe"},
    {"MirrorCirce", G::Conditions, "MirrorCirce", "SpiegelCirce", "CirceMalefique"},
    {"Madrasi", G::Conditions, "Madrasi", "Madrasi", "Madrasi"},
    {"Volage", G::Conditions, "Volage", "Volage", "Volage"},
    {"Hypervolage", G::Conditions, "Hypervolage", "Hypervolage", "Hypervolage"},
    {"BichromChess", G::Conditions, "BichromChess", "BichromesSchach", "Bichromatique"},
    {"MonochromChess", G::Conditions, "MonochromChess", "MonochromesSchach", "Monochromatique"},
    {"GridChess", G::Conditions, "GridChess", "Gitterschach", "Grille"},
    {"KoeKo", G::Conditions, "KoeKo", "KoeKo", "Koeko"},
    {"BlackEdgeMover", G::Conditions, "BlackEdgeMover", "SchwarzerRandzueger", "NoirBordCoup"},
    {"WhiteEdgeMover", G::Conditions, "WhiteEdgeMover", "WeisserRandzueger", "BlancBordCoup"},
    {"Leofamily", G::Conditions, "Leofamily", "Leofamily", "Leofamily"},
    {"ChineseChess", G::Conditions, "ChineseChess", "ChinesischesSchach", "Chinoises"},
    {"Patrouille", G::Conditions, "Patrouille", "PatrouilleSchach", "Patrouille"},
    {"PWC", G::Conditions, "PWC", "PlatzwechselCirce", "CirceEchange"},
    {"NoCapture", G::Conditions, "NoCapture", "Ohneschlag", "SansPrises"},
    {"ImmunChess", G::Conditions, "ImmunChess", "Immunschach", "Immun"},
    {"MirrorImmunChess", G::Conditions, "MirrorImmunChess", "SpiegelImmunschach", "ImmunMalefique"},
    {"ContactGridChess", G::Conditions, "ContactGridChess", "KontaktGitter", "ContactGrille"},
    {"Imitator", G::Conditions, "Imitator", "Imitator", "Imitator"},
    {"CavalierMajeur", G::Conditions, "CavalierMajeur", "CavalierMajeur", "CavalierMajeur"},
    {"HaanerChess", G::Conditions, "HaanerChess", "HaanerSchach", "Haan"},
    {"ChameleonCirce", G::Conditions, "ChameleonCirce", "ChamaeleonCirce", "CirceCameleon"},
    {"CouscousCirce", G::Conditions, "CouscousCirce", "CouscousCirce", "CirceCouscous"},
    {"EquipollentsCirce", G::Conditions, "EquipollentsCirce", "EquipollentsCirce", "CirceEquipollents"},
    {"FileCirce", G::Conditions, "FileCirce", "FileCirce", "FileCirce"},
    {"BlackMaximummer", G::Conditions, "BlackMaximummer", "SchwarzerLaengstzueger", "NoirMaximum"},
    {"BlackMinimummer", G::Conditions, "BlackMinimummer", "SchwarzerKuerzestzueger", "NoirMinimum"},
    {"WhiteMaximummer", G::Conditions, "WhiteMaximummer", "WeisserLaengstzueger", "BlancMaximum"},
    {"WhiteMinimummer", G::Conditions, "WhiteMinimummer", "WeisserKuerzestzueger", "BlancMinimum"},
    {"MagicSquares", G::Conditions, "MagicSquares", "MagischeFelder", "CaseMagique"},
    {"Sentinelles", G::Conditions, "Sentinelles", "Sentinelles", "Sentinelles"},
    {"Tibet", G::Conditions, "Tibet", "TibetSchach", "Tibet"},
    {"DoubleTibet", G::Conditions, "DoubleTibet", "DoppeltibetSchach", "DoubleTibet"},
    {"DiagramCirce", G::Conditions, "DiagramCirce", "DiagrammCirce", "CirceDiagramme"},
    {"Hole", G::Conditions, "Hole", "Loch", "Trou"},
    {"BlackMustCapture", G::Conditions, "BlackMustCapture", "SchwarzerSchlagzwang", "NoirPriseForce"},
    {"WhiteMustCapture", G::Conditions, "WhiteMustCapture", "WeisserSchlagzwang", "BlancPriseForce"},
    {"ReflectiveKings", G::Conditions, "ReflectiveKings", "ReflektierendeKoenige", "RoisReflecteurs"},
    {"TransmutedKings", G::Conditions, "TransmutedKings", "TransmutierendeKoenige", "RoisTransmutes"},
    {"BlackFollowMyLeader", G::Conditions, "BlackFollowMyLeader", "SchwarzerVerfolgungszueger", "NoirPoursuite"},
    {"WhiteFollowMyLeader", G::Conditions, "WhiteFollowMyLeader", "WeisserVerfolgungszueger", "BlancPoursuite"},
    {"DuellistChess", G::Conditions, "DuellistChess", "Duellantenschach", "Duelliste"},
    {"ParrainCirce", G::Conditions, "ParrainCirce", "CirceParrain", "CirceParrain"},
    {"NoIProm", G::Conditions, "NoIProm", "OhneIUW", "SansIProm"},
    {"SymmetryCirce", G::Conditions, "SymmetryCirce", "SymmetrieCirce", "CirceSymetrique"},
    {"VogtlaenderChess", G::Conditions, "VogtlaenderChess", "VogtlaenderSchach", "EchecsVogtlaender"},
    {"EinsteinChess", G::Conditions, "EinsteinChess", "EinsteinSchach", "EchecsEinstein"},
    {"Bicolores", G::Conditions, "Bicolores", "Bicolores", "Bicolores"},
    {"NewKoeko", G::Conditions, "NewKoeko", "NeuKoeko", "KoekoNouveaux"},
    {"CirceClone", G::Conditions, "CirceClone", "CirceClone", "CirceClone"},
    {"AntiCirce", G::Conditions, "AntiCirce", "AntiCirce", "AntiCirce"},
    {"MirrorFileCirce", G::Conditions, "MirrorFileCirce", "SpiegelFileCirce", "FileCirceMalefique"},
    {"AntipodeanCirce", G::Conditions, "AntipodeanCirce", "AntipodenCirce", "CirceAntipoden"},
    {"MirrorCirceClone", G::Conditions, "MirrorCirceClone", "SpiegelCirceclone", "CirceCloneMalefique"},
    {"MirrorAntiCirce", G::Conditions, "MirrorAntiCirce", "AntiSpiegelCirce", "AntiCirceMalefique"},
    {"DiagramAntiCirce", G::Conditions, "DiagramAntiCirce", "AntiDiagrammCirce", "AntiCirceDiagramme"},
    {"FileAntiCirce", G::Conditions, "FileAntiCirce", "AntiFileCirce", "AntiFileCirce"},
    {"SymmetryAntiCirce", G::Conditions, "SymmetryAntiCirce", "AntiSymmetrieCirce", "AntiCirceSymetrique"},
    {"MirrorFileAntiCirce", G::Conditions, "MirrorFileAntiCirce", "AntiSpiegelFileCirce", "AntiFileCirceMalefique"},
    {"AntipodeanAntiCirce", G::Conditions, "AntipodeanAntiCirce", "AntiAntipodenCirce", "AntiCirceAntipoden"},
    {"EquipollentsAntiCirce", G::Conditions, "EquipollentsAntiCirce", "AntiEquipollentsCirce",
     "AntiCirceEquipollents"},
    {"FileImmunChess", G::Conditions, "FileImmunChess", "FileImmunSchach", "ImmunFile"},
    {"DiagramImmunChess", G::Conditions, "DiagramImmunChess", "DiagrammImmunSchach", "ImmunDiagramme"},
    {"MirrorFileImmunChess", G::Conditions, "MirrorFileImmunChess", "SpiegelFileImmunSchach", "ImmunFileMalefique"},
    {"SymmetryImmunChess", G::Conditions, "SymmetryImmunChess", "SymmetrieImmunSchach", "ImmunSymmetrique"},
    {"AntipodeanImmunChess", G::Conditions, "AntipodeanImmunChess", "AntipodenImmunSchach", "ImmunAntipoden"},
    {"EquipollentsImmunChess", G::Conditions, "EquipollentsImmunChess", "EquipollentsImmunSchach",
     "ImmunEquipollents"},
    {"ReversalEinsteinChess", G::Conditions, "ReversalEinsteinChess", "ReversesEinsteinSchach",
     "ReversEchecsEinstein"},
    {"SuperCirce", G::Conditions, "SuperCirce", "SuperCirce", "SuperCirce"},
    {"RelegationChess", G::Conditions, "RelegationChess", "Degradierung", "Degradierung"},
    {"NorskSjakk", G::Conditions, "NorskSjakk", "NorskSjakk", "NorskSjakk"},
    {"TraitorChess", G::Conditions, "TraitorChess", "TraitorChess", "EchecsTraitor"},
    {"AndernachChess", G::Conditions, "AndernachChess", "AndernachSchach", "EchecsAndernach"},
    {"WhiteForcedSquare", G::Conditions, "WhiteForcedSquare", "WeissesZwangsfeld", "BlancCaseForce"},
    {"WhiteConsequentForcedSquare", G::Conditions, "WhiteConsequentForcedSquare", "WeissesKonsequentesZwangsfeld",
     "BlancCaseForceConsequent"},
    {"BlackForcedSquare", G::Conditions, "BlackForcedSquare", "SchwarzesZwangsfeld", "NoirCaseForce"},
    {"BlackConsequentForcedSquare", G::Conditions, "BlackConsequentForcedSquare", "SchwarzesKonsequentesZwangsfeld",
     "NoirCaseForceConsequent"},
    {"ChameleonChess", G::Conditions, "ChameleonChess", "ChamaeleonSchach", "EchecsCameleon"},
    {"FunctionaryChess", G::Conditions, "FunctionaryChess", "BeamtenSchach", "EchecsFonctionnaire"},
    {"GlasgowChess", G::Conditions, "GlasgowChess", "GlasgowSchach", "EchecsGlasgow"},
    {"AntiAndernachChess", G::Conditions, "AntiAndernachChess", "AntiAndernachSchach", "EchecsAntiAndernach"},
    {"FrischAufCirce", G::Conditions, "FrischAufCirce", "FrischAufCirce", "FrischAufCirce"},
    {"VerticalMirrorCirce", G::Conditions, "VerticalMirrorCirce", "VertikalesSpiegelCirce",
     "CirceMalefiqueVerticale"},
    {"Isardam", G::Conditions, "Isardam", "Isardam", "Isardam"},
    {"ChecklessChess", G::Conditions, "ChecklessChess", "OhneSchach", "SansEchecs"},
    {"DiametralCirce", G::Conditions, "DiametralCirce", "DiametralCirce", "CirceDiametrale"},
    {"PromOnly", G::Conditions, "PromOnly", "UWnur", "PromSeul"},
    {"RankCirce", G::Conditions, "RankCirce", "RankCirce", "RankCirce"},
    {"ExclusiveChess", G::Conditions, "ExclusiveChess", "ExklusivSchach", "EchecsExclusif"},
    {"MarsCirce", G::Conditions, "MarsCirce", "MarsCirce", "MarsCirce"},
    {"MarsMirrorCirce", G::Conditions, "MarsMirrorCirce", "MarsSpiegelCirce", "MarsCirceMalefique"},
    {"PhantomChess", G::Conditions, "PhantomChess", "PhantomSchach", "EchecsPhantom"},
    {"WhiteReflectiveKing", G::Conditions, "WhiteReflectiveKing", "WeisserReflektierenderKoenig",
     "BlancRoiReflecteur"},
    {"BlackReflectiveKing", G::Conditions, "BlackReflectiveKing", "SchwarzerReflektierenderKoenig",
     "NoirRoiReflecteur"},
    {"WhiteTransmutedKing", G::Conditions, "WhiteTransmutedKing", "WeisserTransmutierenderKoenig",
     "BlancRoiTransmute"},
    {"BlackTransmutedKing", G::Conditions, "BlackTransmutedKing", "SchwarzerTransmutierenderKoenig",
     "NoirRoiTransmute"},
    {"AntiEinsteinChess", G::Conditions, "AntiEinsteinChess", "AntiEinsteinSchach", "EchecsAntiEinstein"},
    {"MirrorCouscousCirce", G::Conditions, "MirrorCouscousCirce", "SpiegelCouscousCirce", "CirceCouscousMalefique"},
    {"BlackRoyalSquare", G::Conditions, "BlackRoyalSquare", "SchwarzesKoeniglichesFeld", "NoirCaseRoyal"},
    {"WhiteRoyalSquare", G::Conditions, "WhiteRoyalSquare", "WeissesKoeniglichesFeld", "BlancCaseRoyal"},
    {"BrunnerChess", G::Conditions, "BrunnerChess", "BrunnerSchach", "EchecsBrunner"},
    {"PlusChess", G::Conditions, "PlusChess", "PlusSchach", "EchecsPlus"},
    {"CirceAssassin", G::Conditions, "CirceAssassin", "AssassinCirce", "CirceAssassin"},
    {"PatienceChess", G::Conditions, "PatienceChess", "PatienceSchach", "EchecsPatience"},
    {"RepublicanChess", G::Conditions, "RepublicanChess", "RepublikanerSchach", "EchecsRepublicains"},
    {"ExtinctionChess", G::Conditions, "ExtinctionChess", "AusrottungsSchach", "EchecsExtinction"},
    {"CentralChess", G::Conditions, "CentralChess", "ZentralSchach", "EchecsCentral"},
    {"ActuatedRevolvingBoard", G::Conditions, "ActuatedRevolvingBoard", "ActuatedRevolvingBoard",
     "ActuatedRevolvingBoard"},
    {"MessignyChess", G::Conditions, "MessignyChess", "MessignySchach", "EchecsMessigny"},
    {"Woozles", G::Conditions, "Woozles", "Woozles", "Woozles"},
    {"BiWoozles", G::Conditions, "BiWoozles", "BiWoozles", "BiWoozles"},
    {"Heffalumps", G::Conditions, "Heffalumps", "Heffalumps", "Heffalumps"},
    {"BiHeffalumps", G::Conditions, "BiHeffalumps", "BiHeffalumps", "BiHeffalumps"},
    {"WhitePromSquares", G::Conditions, "WhitePromSquares", "UWFeldWeiss", "BlancCasePromotion"},
    {"BlackPromSquares", G::Conditions, "BlackPromSquares", "UWFeldSchwarz", "NoirCasePromotion"},
    {"NoWhitePromotion", G::Conditions, "NoWhitePromotion", "OhneWeissUW", "SansBlancPromotion"},
    {"NoBlackPromotion", G::Conditions, "NoBlackPromotion", "OhneSchwarzUW", "SansNoirPromotion"},
    {"EiffelChess", G::Conditions, "EiffelChess", "EiffelSchach", "EchecsEiffel"},
    {"BlackUltraSchachZwang", G::Conditions, "BlackUltraSchachZwang", "SchwarzerUltraSchachZwang",
     "NoirUltraSchachZwang"},
    {"WhiteUltraSchachZwang", G::Conditions, "WhiteUltraSchachZwang", "WeisserUltraSchachZwang",
     "BlancUltraSchachZwang"},
    {"ActuatedRevolvingCentre", G::Conditions, "ActuatedRevolvingCentre", "ActuatedRevolvingCentre",
     "ActuatedRevolvingCentre"},
    {"ShieldedKings", G::Conditions, "ShieldedKings", "SchutzKoenige", "ShieldedKings"},
    {"CURRENTLYUNUSED", G::Conditions, "CURRENTLYUNUSED", "ZURZEITUNVERWENDET", "NONUTILISEACTUELLEMENT"},
    {"LineChameleonChess", G::Conditions, "LineChameleonChess", "LinienChamaeleonSchach", "EchecsCameleonLigne"},
    {"NoWhiteCapture", G::Conditions, "NoWhiteCapture", "WeisserOhneSchlag", "BlancSansPrises"},
    {"NoBlackCapture", G::Conditions, "NoBlackCapture", "SchwarzerOhneSchlag", "NoirSansPrises"},
    {"AprilChess", G::Conditions, "AprilChess", "Aprilschach", "EchecsAvril"},
    {"AlphabeticChess", G::Conditions, "AlphabeticChess", "AlphabetischesSchach", "EchecsAlphabetiques"},
    {"CirceTurncoats", G::Conditions, "CirceTurncoats", "TurncoatCirce", "CirceTurncoats"},
    {"CirceDoubleAgents", G::Conditions, "CirceDoubleAgents", "DoppelAgentenCirce", "CirceDoubleAgents"},
    {"AMU", G::Conditions, "AMU", "AMU", "AMU"},
    {"SingleBox", G::Conditions, "SingleBox", "NurPartiesatzSteine", "SingleBox"},
    {"MAFF", G::Conditions, "MAFF", "MAFF", "MAFF"},
    {"OWU", G::Conditions, "OWU", "OWU", "OWU"},
    {"WhiteOscillatingKings", G::Conditions, "WhiteOscillatingKings", "WeisseOszillierendeKoenige",
     "BlancRoisOscillant"},
    {"BlackOscillatingKings", G::Conditions, "BlackOscillatingKings", "SchwarzeOszillierendeKoenige",
     "NoirRoisOscillant"},
    {"AntiKings", G::Conditions, "AntiKings", "AntiKoenige", "AntiRois"},
    {"AntiMarsCirce", G::Conditions, "AntiMarsCirce", "AntiMarsCirce", "AntiMarsCirce"},
    {"AntiMarsMirrorCirce", G::Conditions, "AntiMarsMirrorCirce", "AntiMarsMalefiqueCirce", "AntiMarsMalefiqueCirce"},
    {"AntiMarsAntipodeanCirce", G::Conditions, "AntiMarsAntipodeanCirce", "AntiMarsAntipodeanCirce",
     "AntiMarsAntipodeanCirce"},
    {"WhiteSuperTransmutingKing", G::Conditions, "WhiteSuperTransmutingKing", "WeisserSuperTransmutierenderKoenig",
     "BlancSuperRoiTransmute"},
    {"BlackSuperTransmutingKing", G::Conditions, "BlackSuperTransmutingKing", "SchwarzerSuperTransmutierenderKoenig",
     "NoirSuperRoiTransmute"},
    {"AntiSuperCirce", G::Conditions, "AntiSuperCirce", "AntiSuperCirce", "AntiSuperCirce"},
    {"UltraPatrol", G::Conditions, "UltraPatrol", "UltraPatrouille", "UltraPatrouille"},
    {"SwappingKings", G::Conditions, "SwappingKings", "TauschKoenige", "RoisEchanges"},
    {"RoyalDynasty", G::Conditions, "RoyalDynasty", "KoenigsDynastie", "DynastieRoyale"},
    {"SAT", G::Conditions, "SAT", "SAT", "SAT"},
    {"StrictSAT", G::Conditions, "StrictSAT", "StrictSAT", "StrictSAT"},
    {"Take&MakeChess", G::Conditions, "Take&MakeChess", "Take&MakeSchach", "Take&MakeEchecs"},
    {"BlackSynchronMover", G::Conditions, "BlackSynchronMover", "SchwarzerSynchronZueger", "NoirSynchronCoup"},
    {"WhiteSynchronMover", G::Conditions, "WhiteSynchronMover", "WeisserSynchronZueger", "BlancSynchronCoup"},
    {"BlackAntiSynchronMover", G::Conditions, "BlackAntiSynchronMover", "SchwarzerAntiSynchronZueger",
     "NoirAntiSynchronCoup"},
    {"WhiteAntiSynchronMover", G::Conditions, "WhiteAntiSynchronMover", "WeisserAntiSynchronZueger",
     "BlancAntiSynchronCoup"},
    {"Masand", G::Conditions, "Masand", "Masand", "Masand"},
    {"BGL", G::Conditions, "BGL", "BGL", "BGL"},
    {"BlackChecks", G::Conditions, "BlackChecks", "SchwarzSchaecher", "NoirEchecs"},
    {"AnnanChess", G::Conditions, "AnnanChess", "Annanschach", "AnnanEchecs"},
    {"NormalPawn", G::Conditions, "NormalPawn", "NormalBauern", "PionNormale"},
    {"Lortap", G::Conditions, "Lortap", "Elliuortap", "Elliuortap"},
    {"VaultingKings", G::Conditions, "VaultingKings", "VaultingKings", "VaultingKings"},
    {"WhiteVaultingKing", G::Conditions, "WhiteVaultingKing", "WeisserVaultingKing", "BlancVaultingKing"},
    {"BlackVaultingKing", G::Conditions, "BlackVaultingKing", "SchwarzerVaultingKing", "NoirVaultingKing"},
    {"ProteanChess", G::Conditions, "ProteanChess", "ProteischesSchach", "EchecsProtee"},
    {"GenevaChess", G::Conditions, "GenevaChess", "GenferSchach", "EchecsGeneve"},
    {"ChameleonPursuit", G::Conditions, "ChameleonPursuit", "ChamaeleonVerfolgung", "CameleonPoursuite"},
    {"AntiKoeko", G::Conditions, "AntiKoeko", "AntiKoeko", "AntiKoeko"},
    {"CastlingChess", G::Conditions, "CastlingChess", "RochadeSchach", "EchecsRoque"},
    {"LosingChess", G::Conditions, "LosingChess", "Schlagschach", "QuiPerdGagne"},
    {"Disparate", G::Conditions, "Disparate", "Disparate", "Disparate"},
    {"GhostChess", G::Conditions, "GhostChess", "Geisterschach", "EchecsGhost"},
    {"HauntedChess", G::Conditions, "HauntedChess", "Spukschach", "EchecsHantes"},
    {"ProvocationChess", G::Conditions, "ProvocationChess", "ProvokationSchach", "EchecsProvacateurs"},
    {"CageCirce", G::Conditions, "CageCirce", "KaefigCirce", "CirceCage"},
    {"Dummy", G::Conditions, "Dummy", "Dummy", "Dummy"},
    {"Football", G::Conditions, "Football", "Fussball", "Football"},
    {"ContraParrain", G::Conditions, "ContraParrain", "KontraParrain", "ContraParrain"},
    {"KobulKings", G::Conditions, "KobulKings", "KobulKoenige", "RoisKobul"},
    {"ExchangeCastling", G::Conditions, "ExchangeCastling", "PlatzwechselRochade", "EchangeRoque"},
    {"WhiteAlphabeticChess", G::Conditions, "WhiteAlphabeticChess", "WeissesAlphabetischesSchach",
     "BlancEchecsAlphabetiques"},
    {"BlackAlphabeticChess", G::Conditions, "BlackAlphabeticChess", "SchwarzesAlphabetischesSchach",
     "NoirEchecsAlphabetiques"},
    {"CirceTake&Make", G::Conditions, "CirceTake&Make", "CirceTake&Make", "CirceTake&Make"},
    {"SuperGuards", G::Conditions, "SuperGuards", "SuperDeckungen", "Supergardes"},
    {"Wormholes", G::Conditions, "Wormholes", "Wurmloecher", "TrousDeVer"},
    {"MarineChess", G::Conditions, "MarineChess", "MarinesSchach", "EchecsMarins"},
    {"UltramarineChess", G::Conditions, "UltramarineChess", "UltramarinesSchach", "EchecsUltramarins"},
    {"BackHome", G::Conditions, "BackHome", "NachHause", "Retour"},
    {"FaceToFace", G::Conditions, "FaceToFace", "AngesichtZuAngesicht", "FaceAFace"},
    {"BackToBack", G::Conditions, "BackToBack", "RueckenAnRuecken", "DosADos"},
    {"CheekToCheek", G::Conditions, "CheekToCheek", "WangeAnWange", "JoueAJoue"},
    {"ChameleonSequence", G::Conditions, "ChameleonSequence", "Chamaeleonsequenz", "CameleonSequence"},
    {"AntiCloneCirce", G::Conditions, "AntiCloneCirce", "AntiCloneCirce", "AntiCloneCirce"},
    {"SnekChess", G::Conditions, "SnekChess", "SnekSchach", "EchecsSnek"},
    {"SnekCircleChess", G::Conditions, "SnekCircleChess", "SnekZirkulaerSchach", "EchecsSnekCirculaires"},
    {"LastCapture", G::Conditions, "LastCapture", "LetzterSchlag", "DernierePrise"},
    {"ArgentinianChess", G::Conditions, "ArgentinianChess", "ArgentinischesSchach", "EchecsArgentins"},
    {"LostPieces", G::Conditions, "LostPieces", "VerloreneSteine", "PiecesPerdues"},
    {"PartialParalysis", G::Conditions, "PartialParalysis", "PartielleParalyse", "ParalysePartielle"},
    {"VerticalSymmetryCirce", G::Conditions, "VerticalSymmetryCirce", "VertikaleSymmetrieCirce",
     "CirceSymetriqueVerticale"},
    {"HorizontalSymmetryCirce", G::Conditions, "HorizontalSymmetryCirce", "HorizontaleSymmetrieCirce",
     "CirceSymetriqueHorizontale"},
    {"VerticalSymmetryAntiCirce", G::Conditions, "VerticalSymmetryAntiCirce", "VertikaleAntiSymmetrieCirce",
     "AntiCirceSymetriqueVerticale"},
    {"HorizontalSymmetryAntiCirce", G::Conditions, "HorizontalSymmetryAntiCirce", "HorizontaleAntiSymmetrieCirce",
     "AntiCirceSymetriqueHorizontale"},
    {"ImmuneVerticalSymmetry", G::Conditions, "ImmuneVerticalSymmetry", "ImmuneVertikaleSymmetrie",
     "ImmuneSymetriqueVerticale"},
    {"ImmuneHorizontalSymmetry", G::Conditions, "ImmuneHorizontalSymmetry", "ImmuneHorizontaleSymmetrie",
     "ImmuneSymetriqueHorizontale"},
    {"LeseMajeste", G::Conditions, "LeseMajeste", "LeseMajeste", "LeseMajeste"},
    {"Rokagogo", G::Conditions, "Rokagogo", "Rokagogo", "Rokagogo"},
    {"Breton", G::Conditions, "Breton", "Breton", "Breton"},
    {"Make&TakeChess", G::Conditions, "Make&TakeChess", "Make&TakeSchach", "Make&TakeEchecs"},
    {"PointReflection", G::Conditions, "PointReflection", "Punktspiegelung", "ReflexionCentrale"},
    {"NannaChess", G::Conditions, "NannaChess", "Nannaschach", "AnnanEchecs"},
    {"MasandGeneralised", G::Conditions, "MasandGeneralised", "MasandVerallgemeinert", "MasandGeneralise"},
    {"Bolero", G::Conditions, "Bolero", "Bolero", "Bolero"},
    {"BoleroInverse", G::Conditions, "BoleroInverse", "BoleroInvers", "BoleroInverse"},
    {"Influencer", G::Conditions, "Influencer", "Influencer", "Influenceur"},
    {"RoleExchange", G::Conditions, "RoleExchange", "Rollentausch", "EchangeRole"},
    {"BlackMaxDister", G::Conditions, "BlackMaxDister", "SchwarzerMaxDister", "NoirMaxDister"},
    {"BlackMinDister", G::Conditions, "BlackMinDister", "SchwarzerMinDister", "NoirMinDister"},
    {"WhiteMaxDister", G::Conditions, "WhiteMaxDister", "WeisserMaxDister", "BlancMaxDister"},
    {"WhiteMinDister", G::Conditions, "WhiteMinDister", "WeisserMinDister", "BlancMinDister"},
    {"SeriesCapture", G::Conditions, "SeriesCapture", "SerienSchlag", "SerieCapture"},
    {"DarkSide", G::Conditions, "DarkSide", "DarkSide", "DarkSide"},
    {"Leffie", G::Conditions, "Leffie", "Leffie", "Leffie"},
    {"Pepo", G::Conditions, "Pepo", "Pepo", "Pepo"},
    {"CASTChess", G::Conditions, "CASTChess", "CASTSchach", "CASTEchecs"},
    {"Bicaptures", G::Conditions, "Bicaptures", "Bicaptures", "Bicaptures"},
    {"FuddledMen", G::Conditions, "FuddledMen", "FuddledMen", "FuddledMen"},
    {"TransmissionMenace", G::Conditions, "TransmissionMenace", "TransmissionMenace", "TransmissionMenace"},
    {"PowerTransfer", G::Conditions, "PowerTransfer", "KraftTransfer", "TransfertPouvoir"},
    {"MultiCaptures", G::Conditions, "MultiCaptures", "MultiCaptures", "MultiCaptures"},
    {"AntiGuards", G::Conditions, "AntiGuards", "AntiDeckungen", "Antigardes"},
    {"FrankfurtChess", G::Conditions, "FrankfurtChess", "FrankfurtSchach", "Francfort"},
    {"Anda", G::Conditions, "Anda", "Anda", "Anda"},
    {"AndaInverse", G::Conditions, "AndaInverse", "AndaInvers", "AndaInverse"},
    {"HalfInChess", G::Conditions, "HalfInChess", "HalfInChess", "HalfInChess"},
    {"AllInChess", G::Conditions, "AllInChess", "AllInChess", "AllInChess"},
    {"MainlyInChess", G::Conditions, "MainlyInChess", "MainlyInChess", "MainlyInChess"},
    {"AliceChess", G::Conditions, "AliceChess", "AliceSchach", "Alice"},
    {"Immobilio", G::Conditions, "Immobilio", "Immobilio", "Immobilio"},
    {"PADChess", G::Conditions, "PADChess", "PADSchach", "PADechecs"},
    {"DangerCirce", G::Conditions, "DangerCirce", "GefahrenCirce", "CirceDanger"},
    {"#C", G::Conditions, "#C", "#C", "#C"},
    // ExtraCondString, enum ExtraCond (conditions/conditions.h): 2.
    {"Maximummer", G::ExtraConditions, "Maximummer", "Laengstzueger", "Maximum"},
    {"UltraSchachZwang", G::ExtraConditions, "UltraSchachZwang", "UltraSchachZwang", "UltraSchachZwang"},
};

// ConditionVariant: one group per list of variant words; a reader looks a word up in the group
// of the condition it follows.
constexpr Keyword ConditionVariantTable[] = {
    // VaultingVariantTypeString: 1.
    {"Transmuting", G::Vaulting, "Transmuting", "Transmutierende", "Transmute"},
    // ConditionLetteredVariantTypeString, enum ConditionLetteredVariantType (conditions/conditions.h): 4.
    {"TypeA", G::Lettered, "TypeA", "TypA", "TypeA"},
    {"TypeB", G::Lettered, "TypeB", "TypB", "TypeB"},
    {"TypeC", G::Lettered, "TypeC", "TypC", "TypeC"},
    {"TypeD", G::Lettered, "TypeD", "TypD", "TypeD"},
    // ConditionNumberedVariantTypeString, enum ConditionNumberedVariantType (conditions/conditions.h): 3.
    {"Type1", G::Numbered, "Type1", "Typ1", "Type1"},
    {"Type2", G::Numbered, "Type2", "Typ2", "Type2"},
    {"Type3", G::Numbered, "Type3", "Typ3", "Type3"},
    // AntiCirceVariantTypeString, enum anticirce_type_type (conditions/circe/circe.h): 2.
    {"Calvet", G::AntiCirce, "Calvet", "Calvet", "Calvet"},
    {"Cheylan", G::AntiCirce, "Cheylan", "Cheylan", "Cheylan"},
    // SentinellesVariantTypeString, enum SentinellesVariantType (output/plaintext/language_dependant.h): 8.
    {"PionPropre", G::Sentinelles, "PionPropre", "PionPropre", "PionPropre"},
    {"PionAdvers", G::Sentinelles, "PionAdvers", "PionAdvers", "PionAdvers"},
    {"PionNeutre", G::Sentinelles, "PionNeutre", "PionNeutre", "PionNeutre"},
    {"MaximumBlack", G::Sentinelles, "MaximumBlack", "MaximumSchwarz", "MaximumNoir"},
    {"MaximumWhite", G::Sentinelles, "MaximumWhite", "MaximumWeiss", "MaximumBlanc"},
    {"MaximumTotal", G::Sentinelles, "MaximumTotal", "MaximumTotal", "MaximumTotal"},
    {"ParaSentinelles", G::Sentinelles, "ParaSentinelles", "ParaSentinelles", "ParaSentinelles"},
    {"Berolina", G::Sentinelles, "Berolina", "Berolina", "Berolina"},
    // GridVariantTypeString, enum GridVariantType (output/plaintext/language_dependant.h): 6.
    {"VerticalShift", G::Grid, "VerticalShift", "VertikalVerschieben", "VerticalDecalage"},
    {"HorizontalShift", G::Grid, "HorizontalShift", "HorizontalVerschieben", "HorizontalDecalage"},
    {"DiagonalShift", G::Grid, "DiagonalShift", "DiagonalVerschieben", "DiagonalDecalage"},
    {"Orthogonal", G::Grid, "Orthogonal", "Orthogonal", "Orthogonale"},
    {"Irregular", G::Grid, "Irregular", "Unregelmaessig", "Irreguliere"},
    {"GridLine", G::Grid, "GridLine", "GitterLinie", "LigneGrille"},
    // KobulVariantTypeString, enum KobulVariantType (output/plaintext/language_dependant.h): 2.
    {"White", G::Kobul, "White", "Weiss", "Blancs"},
    {"Black", G::Kobul, "Black", "Schwarz", "Noirs"},
    // KoekoVariantTypeString: 1.
    {"Neighbour", G::Koeko, "Neighbour", "Nachbar", "Voisin"},
    // CirceVariantTypeString, enum CirceVariantType (output/plaintext/language_dependant.h): 37.
    {"RexInclusive", G::Circe, "RexInclusive", "RexInklusive", "RexInclusif"},
    {"RexExclusive", G::Circe, "RexExclusive", "RexExklusive", "RexExclusif"},
    {"Mirror", G::Circe, "Mirror", "Spiegel", "Malefique"},
    {"Assassin", G::Circe, "Assassin", "Assassin", "Assassin"},
    {"Diametral", G::Circe, "Diametral", "Diametral", "Diametral"},
    {"VerticalMirror", G::Circe, "VerticalMirror", "VertikalSpiegel", "MalefiqueVerticale"},
    {"Clone", G::Circe, "Clone", "Clone", "Clone"},
    {"Chameleon", G::Circe, "Chameleon", "Chamaeleon", "Chameleon"},
    {"Turncoats", G::Circe, "Turncoats", "Turncoat", "Turncoats"},
    {"Couscous", G::Circe, "Couscous", "Couscous", "Couscous"},
    {"LastMove", G::Circe, "LastMove", "LetzterZug", "CoupDernier"},
    {"Equipollents", G::Circe, "Equipollents", "Equipollents", "Equipollents"},
    {"Parrain", G::Circe, "Parrain", "Parrain", "Parrain"},
    {"ContraParrain", G::Circe, "ContraParrain", "ContraParrain", "ContraParrain"},
    {"Cage", G::Circe, "Cage", "Kaefig", "Cage"},
    {"Rank", G::Circe, "Rank", "Reihe", "Rangee"},
    {"File", G::Circe, "File", "File", "Colonne"},
    {"Symmetry", G::Circe, "Symmetry", "Symmetrie", "Symetrie"},
    {"VerticalSymmetry", G::Circe, "VerticalSymmetry", "VertikaleSymmetrie", "VerticaleSymetrique"},
    {"HorizontalSymmetry", G::Circe, "HorizontalSymmetry", "HorizontaleSymmetrie", "HorizontaleSymetrique"},
    {"Diagram", G::Circe, "Diagram", "Diagramm", "Diagramme"},
    {"PWC", G::Circe, "PWC", "Platzwechsel", "Echange"},
    {"Antipodes", G::Circe, "Antipodes", "Antipoden", "Antipodes"},
    {"Take&Make", G::Circe, "Take&Make", "Take&Make", "Take&Make"},
    {"Super", G::Circe, "Super", "Super", "Super"},
    {"April", G::Circe, "April", "April", "Avril"},
    {"Frischauf", G::Circe, "Frischauf", "Frischauf", "Frischauf"},
    {"Calvet", G::Circe, "Calvet", "Calvet", "Calvet"},
    {"Cheylan", G::Circe, "Cheylan", "Cheylan", "Cheylan"},
    {"Strict", G::Circe, "Strict", "Strikt", "Stricte"},
    {"Relaxed", G::Circe, "Relaxed", "Locker", "Relache"},
    {"Volcanic", G::Circe, "Volcanic", "Vulkan", "Volcanique"},
    {"Parachute", G::Circe, "Parachute", "Fallschirm", "Parachute"},
    {"Einstein", G::Circe, "Einstein", "Einstein", "Einstein"},
    {"ReversalEinstein", G::Circe, "ReversalEinstein", "ReversesEinstein", "ReversEinstein"},
    {"WaitCapture", G::Circe, "WaitCapture", "NaechsterSchlag", "PriseProchaine"},
    {"CaptureSquare", G::Circe, "CaptureSquare", "Schlagfeld", "CaseDePrise"},
    // mummer_strictness_string, enum mummer_strictness_type (conditions/mummer.h): 4, of which the first
    // two (none, regular) have no word: 2.
    {"Exact", G::Mummer, "exact", "exakt", "exact"},
    {"Ultra", G::Mummer, "ultra", "Ultra", "ultra"},
    // BretonVariantTypeString, enum BretonVariantType (output/plaintext/language_dependant.h): 3.
    {"Adverse", G::Breton, "Adverse", "Advers", "Adverse"},
    {"Chromatic", G::Breton, "Chromatic", "Chromatisch", "Chromatique"},
    {"PY", G::Breton, "PY", "PY", "PY"},
    // CASTVariantTypeString, enum CASTVariantType (output/plaintext/language_dependant.h): 1.
    {"Inverse", G::CAST, "Inverse", "Invers", "Invverse"},
    // TakeMakeVariantTypeString, enum TakeMakeVariantType (output/plaintext/language_dependant.h): 1.
    {"Absolute", G::TakeMake, "Absolute", "Absolut", "Absolu"},
};

// Colour.
constexpr Keyword ColourTable[] = {
    // ColourString, enum Colour (position/color.enum.h): 4.
    {"White", G::Colours, "White", "Weiss", "Blanc"},
    {"Black", G::Colours, "Black", "Schwarz", "Noir"},
    {"Neutral", G::Colours, "Neutral", "Neutral", "Neutre"},
    {"TotalInvisible", G::Colours, "TotalInvisible", "TotalUnsichtbar", "TotalInvisible"},
};

// PieceAttribute.
constexpr Keyword PieceAttributeTable[] = {
    // PieSpString, enum piece_flag_type (pieces/pieces.h): 22 less the two colours: 20.
    {"Royal", G::PieceAttributes, "Royal", "Koeniglich", "Royale"},
    {"Kamikaze", G::PieceAttributes, "Kamikaze", "Kamikaze", "Kamikaze"},
    {"Paralysing", G::PieceAttributes, "Paralysing", "Paralysierend", "Paralysante"},
    {"Chameleon", G::PieceAttributes, "Chameleon", "Chamaeleon", "Cameleon"},
    {"Jigger", G::PieceAttributes, "Jigger", "Jigger", "Jigger"},
    {"Volage", G::PieceAttributes, "Volage", "Volage", "Volage"},
    {"Functionary", G::PieceAttributes, "Functionary", "Beamtet", "Fonctionnaire"},
    {"HalfNeutral", G::PieceAttributes, "HalfNeutral", "HalbNeutral", "DemiNeutre"},
    {"HurdleColourChanging", G::PieceAttributes, "HurdleColourChanging", "SprungbockFarbeWechselnd",
     "CouleurEchangeantSautoir"},
    {"Protean", G::PieceAttributes, "Protean", "Proteisch", "Protee"},
    {"Magic", G::PieceAttributes, "Magic", "Magisch", "Magique"},
    {"Uncapturable", G::PieceAttributes, "Uncapturable", "Unschlagbar", "Imprenable"},
    {"Patrol", G::PieceAttributes, "Patrol", "Patrouille", "Patrouille"},
    {"Frischauf", G::PieceAttributes, "Frischauf", "Frischauf", "Frischauf"},
    {"Bul", G::PieceAttributes, "Bul", "Bul", "Bul"},
    {"Dob", G::PieceAttributes, "Dob", "Dob", "Dob"},
    {"Anda", G::PieceAttributes, "Anda", "Anda", "Anda"},
    {"AndaInverse", G::PieceAttributes, "AndaInverse", "AndaInvers", "AndaInverse"},
    {"AliceA", G::PieceAttributes, "AliceA", "AliceA", "AliceA"},
    {"AliceB", G::PieceAttributes, "AliceB", "AliceB", "AliceB"},
};

// Piece: the English name, then the code in English, German and French.
constexpr Keyword PieceTable[] = {
    // PieNamString, enum piece_walk_type (pieces/pieces.h): King (2) to Scarabeus (163), 162 walks; Empty
    // and Invalid before them and the hunters after them have no code. The last three are missing
    // from pie-engl.txt and named as the comments of Popeye's table name them.
    {"king", G::Pieces, "K", "K", "R"},
    {"pawn", G::Pieces, "P", "B", "P"},
    {"queen", G::Pieces, "Q", "D", "D"},
    {"knight", G::Pieces, "S", "S", "C"},
    {"rook", G::Pieces, "R", "T", "T"},
    {"bishop", G::Pieces, "B", "L", "F"},
    {"leo", G::Pieces, "LE", "LE", "LE"},
    {"mao", G::Pieces, "MA", "MA", "MA"},
    {"pao", G::Pieces, "PA", "PA", "PA"},
    {"vao", G::Pieces, "VA", "VA", "VA"},
    {"rose", G::Pieces, "RO", "RO", "RO"},
    {"grashopper", G::Pieces, "G", "G", "S"},
    {"nightrider", G::Pieces, "N", "N", "N"},
    {"zebra", G::Pieces, "Z", "Z", "Z"},
    {"camel", G::Pieces, "CA", "CA", "CH"},
    {"giraffe", G::Pieces, "GI", "GI", "GI"},
    {"root-50-leaper", G::Pieces, "RF", "WF", "CC"},
    {"root-25-leaper", G::Pieces, "BU", "BU", "BU"},
    {"wazir", G::Pieces, "WE", "WE", "VI"},
    {"alfil", G::Pieces, "AL", "AL", "AL"},
    {"fers", G::Pieces, "FE", "FE", "FE"},
    {"dabbaba", G::Pieces, "DA", "DA", "DA"},
    {"lion", G::Pieces, "LI", "LI", "LI"},
    {"nonstop equihopper", G::Pieces, "NE", "NE", "EQ"},
    {"locust", G::Pieces, "L", "H", "L"},
    {"berolina pawn", G::Pieces, "BP", "BB", "PB"},
    {"amazon", G::Pieces, "AM", "AM", "AM"},
    {"empress", G::Pieces, "EM", "KN", "IM"},
    {"princess", G::Pieces, "PR", "PR", "PR"},
    {"gnu", G::Pieces, "GN", "GN", "G"},
    {"antelope", G::Pieces, "AN", "AN", "AN"},
    {"squirrel", G::Pieces, "SQ", "EI", "EC"},
    {"waran", G::Pieces, "WA", "WA", "V"},
    {"dragon", G::Pieces, "DR", "DR", "DR"},
    {"kangaroo", G::Pieces, "KA", "KA", "KA"},
    {"Spiralspringer", G::Pieces, "SS", "SS", "CS"},
    {"UbiUbi", G::Pieces, "UU", "UU", "UU"},
    {"hamster", G::Pieces, "HA", "HA", "HA"},
    {"moose", G::Pieces, "M", "EL", "E"},
    {"eagle", G::Pieces, "EA", "AD", "AI"},
    {"sparrow", G::Pieces, "SW", "SP", "M"},
    {"archbishop", G::Pieces, "AR", "ER", "AR"},
    {"reflecting bishop", G::Pieces, "RB", "RL", "FR"},
    {"cardinal", G::Pieces, "C", "KL", "CA"},
    {"nightrider-hopper", G::Pieces, "NH", "NH", "SN"},
    {"dummy", G::Pieces, "DU", "DU", "PI"},
    {"camelrider", G::Pieces, "CR", "CR", "CN"},
    {"zebrarider", G::Pieces, "ZR", "ZR", "ZN"},
    {"gnurider", G::Pieces, "GR", "GR", "GN"},
    {"camelrider hopper", G::Pieces, "CH", "CH", "SC"},
    {"zebrarider hopper", G::Pieces, "ZH", "ZH", "SZ"},
    {"gnurider hopper", G::Pieces, "GH", "GH", "SG"},
    {"DiagonalSpiralSpringer", G::Pieces, "DS", "DS", "CD"},
    {"bouncy knight", G::Pieces, "BK", "RS", "CR"},
    {"equihoppper", G::Pieces, "EQ", "EQ", "EA"},
    {"CAT (= cavalier de troie)", G::Pieces, "CT", "CT", "CT"},
    {"berolina superpawn", G::Pieces, "BS", "BS", "BS"},
    {"superpawn", G::Pieces, "SP", "SB", "SP"},
    {"rook-lion", G::Pieces, "RL", "TL", "TL"},
    {"bishop-lion", G::Pieces, "BL", "LL", "FL"},
    {"sirene", G::Pieces, "SI", "SI", "SI"},
    {"triton", G::Pieces, "TR", "TR", "TR"},
    {"nereide", G::Pieces, "ND", "ND", "NE"},
    {"orphan", G::Pieces, "O", "O", "O"},
    {"edgehog", G::Pieces, "EH", "RD", "EH"},
    {"moa", G::Pieces, "MO", "MO", "MO"},
    {"rook/bishop-hunter", G::Pieces, "RR", "TJ", "TC"},
    {"bishop/rook-hunter", G::Pieces, "BR", "LJ", "FC"},
    {"maorider", G::Pieces, "AO", "AO", "AO"},
    {"moarider", G::Pieces, "OA", "OA", "OA"},
    {"rookhopper", G::Pieces, "RH", "TH", "ST"},
    {"bishophopper", G::Pieces, "BH", "LH", "SF"},
    {"erlking", G::Pieces, "EK", "EK", "RE"},
    {"boyscout", G::Pieces, "BT", "PF", "BT"},
    {"girlscout", G::Pieces, "GT", "PN", "GT"},
    {"skylla", G::Pieces, "SK", "SK", "SK"},
    {"charybdis", G::Pieces, "CY", "CY", "CY"},
    {"contra grashopper", G::Pieces, "CG", "KG", "SA"},
    {"RoseLion", G::Pieces, "RN", "RN", "RL"},
    {"RoseHopper", G::Pieces, "RP", "RH", "RS"},
    {"okapi", G::Pieces, "OK", "OK", "OK"},
    {"3:7-leaper", G::Pieces, "37", "37", "37"},
    {"grasshopper-2", G::Pieces, "G2", "G2", "S2"},
    {"grasshopper-3", G::Pieces, "G3", "G3", "S3"},
    {"1:6-leaper", G::Pieces, "16", "16", "16"},
    {"2:4-leaper", G::Pieces, "24", "24", "24"},
    {"3:5-leaper", G::Pieces, "35", "35", "35"},
    {"double grasshopper", G::Pieces, "DG", "DG", "DS"},
    {"kinghopper", G::Pieces, "KH", "KH", "SR"},
    {"orix", G::Pieces, "OR", "OR", "OR"},
    {"1:5-leaper", G::Pieces, "15", "15", "15"},
    {"2:5-leaper", G::Pieces, "25", "25", "25"},
    {"gral", G::Pieces, "GL", "GL", "GL"},
    {"rook locust", G::Pieces, "LR", "HT", "LT"},
    {"bishop locust", G::Pieces, "LB", "HL", "LF"},
    {"nightrider locust", G::Pieces, "LN", "HN", "LN"},
    {"wazirrider", G::Pieces, "WR", "WR", "VS"},
    {"fersrider", G::Pieces, "FR", "FR", "FS"},
    {"bison", G::Pieces, "BI", "BI", "BI"},
    {"elephant", G::Pieces, "ET", "ET", "EL"},
    {"nao", G::Pieces, "NA", "NA", "NA"},
    {"rook moose", G::Pieces, "RM", "TC", "ET"},
    {"rook eagle", G::Pieces, "RE", "TA", "AT"},
    {"rook sparrow", G::Pieces, "RW", "TS", "MT"},
    {"bishop moose", G::Pieces, "BM", "LC", "EF"},
    {"bishop eagle", G::Pieces, "BE", "LA", "AF"},
    {"bishop sparrow", G::Pieces, "BW", "LS", "MF"},
    {"rao", G::Pieces, "RA", "RA", "RA"},
    {"scorpion", G::Pieces, "SO", "SO", "SO"},
    {"marguerite", G::Pieces, "MG", "MG", "MG"},
    {"3:6-leaper", G::Pieces, "36", "36", "36"},
    {"nightrider lion", G::Pieces, "NL", "NL", "NL"},
    {"maorider lion", G::Pieces, "ML", "ML", "ML"},
    {"Moariderlion", G::Pieces, "MM", "MM", "MM"},
    {"friend", G::Pieces, "F", "F", "A"},
    {"dolphin", G::Pieces, "DO", "DE", "DN"},
    {"rabbit", G::Pieces, "RT", "HE", "LA"},
    {"bob", G::Pieces, "BO", "BO", "BO"},
    {"equi english", G::Pieces, "QE", "QE", "QA"},
    {"equi french", G::Pieces, "QF", "QF", "QF"},
    {"querquisite", G::Pieces, "QQ", "OD", "QQ"},
    {"bouncer", G::Pieces, "B1", "B1", "B1"},
    {"rook bouncer", G::Pieces, "B2", "B2", "B2"},
    {"bishop bouncer", G::Pieces, "B3", "B3", "B3"},
    {"chinese pawn", G::Pieces, "CP", "CB", "PC"},
    {"radial knight", G::Pieces, "RK", "RP", "CL"},
    {"protean pawn", G::Pieces, "PP", "RB", "PV"},
    {"Rose Locust", G::Pieces, "LS", "LR", "LR"},
    {"zebu", G::Pieces, "ZE", "ZE", "ZE"},
    {"Bouncy Nightrider", G::Pieces, "BN", "NR", "NR"},
    {"spiralspringer (2,0)", G::Pieces, "S2", "S2", "N2"},
    {"spiralspringer (4,0)", G::Pieces, "S4", "S4", "N4"},
    {"diagonalspiralspringer (1,1)", G::Pieces, "S1", "S1", "N1"},
    {"diagonalspiralspringer (3,3)", G::Pieces, "S3", "S3", "N3"},
    {"quintessence", G::Pieces, "QN", "QN", "QN"},
    {"double rookhopper", G::Pieces, "DK", "DT", "DT"},
    {"double bishopper", G::Pieces, "DB", "DL", "DF"},
    {"orix (non-stop)", G::Pieces, "NO", "NO", "NO"},
    {"treehopper", G::Pieces, "TH", "UH", "SB"},
    {"leafhopper", G::Pieces, "LH", "BH", "SE"},
    {"greater treehopper", G::Pieces, "GE", "GU", "SM"},
    {"greater leafhopper", G::Pieces, "GF", "GB", "SU"},
    {"kangarou lion", G::Pieces, "KL", "LK", "KL"},
    {"kao", G::Pieces, "KO", "KO", "KO"},
    {"knighthopper", G::Pieces, "KP", "SH", "SV"},
    {"ship", G::Pieces, "SH", "SC", "BA"},
    {"gryphon", G::Pieces, "GY", "GY", "GY"},
    {"marine knight", G::Pieces, "MS", "MS", "CM"},
    {"poseidon", G::Pieces, "PO", "PO", "PO"},
    {"marine pawn", G::Pieces, "MP", "MB", "PM"},
    {"marine ship", G::Pieces, "MH", "MC", "BM"},
    {"Sting (King + royal Grasshopper)", G::Pieces, "ST", "ST", "EP"},
    {"Senora (argentinian Queen)", G::Pieces, "SE", "SE", "DG"},
    {"Faro (argentinian Rook)", G::Pieces, "FA", "FA", "FA"},
    {"Loco (argentinian Bishop)", G::Pieces, "LO", "LO", "LO"},
    {"Saltador (argentinian Knight)", G::Pieces, "SA", "SA", "SL"},
    {"Maohopper", G::Pieces, "AH", "AH", "AS"},
    {"Moahopper", G::Pieces, "OH", "OH", "OS"},
    {"ContraHamster", G::Pieces, "HC", "HK", "HC"},
    {"EagleEquihopper", G::Pieces, "EE", "AE", "AE"},
    {"EagleNonstopEquihopper", G::Pieces, "EN", "AQ", "AQ"},
    {"Scarabeus", G::Pieces, "SC", "SR", "SS"},
};

char lower(char c) { return char(std::tolower(static_cast<unsigned char>(c))); }

// True when `word` is `spelling` or its beginning, ignoring case.
bool abbreviates(std::string_view word, std::string_view spelling) {
  if (word.size() > spelling.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i)
    if (lower(word[i]) != lower(spelling[i])) return false;
  return true;
}

// Popeye's rule for one list (GetUniqIndex in input/plaintext/token.c, restated): look for the
// first entry, in list order, that starts with the word. If that entry is the word in full, it
// is the match; if not, it is the match only when no later entry starts with the word too, and
// otherwise the word is ambiguous. So a full spelling beats the longer entries it begins only
// because every list puts the shorter keyword first ("Circe" before "CirceClone"; the tests
// check that every list is so ordered), and of two identical spellings the first wins (French
// "AnnanEchecs" is AnnanChess, never NannaChess). An empty word names nothing: Popeye never
// looks one up.
std::optional<VocabularyMatch> match_abbreviation(std::span<const Keyword> list, Language language,
                                                  std::string_view word) {
  if (word.empty()) return std::nullopt;
  std::size_t first = 0;
  while (first < list.size() && !abbreviates(word, list[first].in(language))) ++first;
  if (first == list.size()) return std::nullopt;
  std::size_t next = first + 1;
  while (next < list.size() && !abbreviates(word, list[next].in(language))) ++next;
  if (list[first].in(language).size() == word.size() || next == list.size())
    return VocabularyMatch{&list[first], {}};
  VocabularyMatch ambiguous;
  for (std::size_t i = first; i < list.size(); ++i)
    if (abbreviates(word, list[i].in(language))) ambiguous.candidates.push_back(&list[i]);
  return ambiguous;
}

// Piece codes are never abbreviated: the whole code, in either case (GetPieNamIndex in
// input/plaintext/pieces.c compares both letters). Codes are unique within a language (Popeye
// checks it at start-up, the tests here).
std::optional<VocabularyMatch> match_code(std::span<const Keyword> list, Language language, std::string_view word) {
  for (const Keyword& entry : list) {
    const std::string_view code = entry.in(language);
    if (code.size() == word.size() && abbreviates(word, code)) return VocabularyMatch{&entry, {}};
  }
  return std::nullopt;
}

std::optional<VocabularyMatch> match_group(std::span<const Keyword> list, Language language, std::string_view word) {
  if (!list.empty() && list.front().group == Group::Pieces) return match_code(list, language, word);
  return match_abbreviation(list, language, word);
}

std::vector<std::string_view> spellings_of(std::span<const Keyword> list, Language language) {
  std::vector<std::string_view> out;
  out.reserve(list.size());
  for (const Keyword& entry : list) out.push_back(entry.in(language));
  return out;
}

}  // namespace

Kind kind_of(Group group) {
  switch (group) {
    case G::InitialTwin:
    case G::Problem:
    case G::Begin:
      return Kind::Directive;
    case G::EndTwin:
      return Kind::EndOrTwin;
    case G::Twinning:
      return Kind::TwinOperation;
    case G::TwinningMirror:
      return Kind::MirrorAxis;
    case G::Options:
      return Kind::Option;
    case G::Conditions:
    case G::ExtraConditions:
      return Kind::Condition;
    case G::Colours:
      return Kind::Colour;
    case G::PieceAttributes:
      return Kind::PieceAttribute;
    case G::Pieces:
      return Kind::Piece;
    case G::Vaulting:
    case G::Lettered:
    case G::Numbered:
    case G::AntiCirce:
    case G::Sentinelles:
    case G::Grid:
    case G::Kobul:
    case G::Koeko:
    case G::Circe:
    case G::Mummer:
    case G::Breton:
    case G::CAST:
    case G::TakeMake:
      break;
  }
  return Kind::ConditionVariant;
}

std::string_view group_name(Group group) {
  switch (group) {
    case G::InitialTwin: return "InitialTwin";
    case G::Problem: return "Problem";
    case G::Begin: return "Begin";
    case G::EndTwin: return "EndTwin";
    case G::Twinning: return "Twinning";
    case G::TwinningMirror: return "TwinningMirror";
    case G::Options: return "Options";
    case G::Conditions: return "Conditions";
    case G::ExtraConditions: return "ExtraConditions";
    case G::Vaulting: return "Vaulting";
    case G::Lettered: return "Lettered";
    case G::Numbered: return "Numbered";
    case G::AntiCirce: return "AntiCirce";
    case G::Sentinelles: return "Sentinelles";
    case G::Grid: return "Grid";
    case G::Kobul: return "Kobul";
    case G::Koeko: return "Koeko";
    case G::Circe: return "Circe";
    case G::Mummer: return "Mummer";
    case G::Breton: return "Breton";
    case G::CAST: return "CAST";
    case G::TakeMake: return "TakeMake";
    case G::Colours: return "Colours";
    case G::PieceAttributes: return "PieceAttributes";
    case G::Pieces: break;
  }
  return "Pieces";
}

std::span<const Keyword> keywords(Kind kind) {
  switch (kind) {
    case Kind::Directive: return DirectiveTable;
    case Kind::EndOrTwin: return EndOfTwinTable;
    case Kind::TwinOperation: return TwinOperationTable;
    case Kind::MirrorAxis: return MirrorAxisTable;
    case Kind::Option: return OptionTable;
    case Kind::Condition: return ConditionTable;
    case Kind::ConditionVariant: return ConditionVariantTable;
    case Kind::Colour: return ColourTable;
    case Kind::PieceAttribute: return PieceAttributeTable;
    case Kind::Piece: break;
  }
  return PieceTable;
}

std::span<const Keyword> keywords(Group group) {
  const auto table = keywords(kind_of(group));
  std::size_t start = 0;
  while (start < table.size() && table[start].group != group) ++start;
  std::size_t end = start;
  while (end < table.size() && table[end].group == group) ++end;
  return table.subspan(start, end - start);
}

// Popeye's way with a kind of several lists: the first list in which the word matches anything
// decides, even when it only finds the word ambiguous there (input/plaintext/twin.c tries the
// problem tokens only when no initial-twin token matches; condition.c tries Maximummer and
// UltraSchachZwang only when no condition does).
std::optional<VocabularyMatch> find_keyword(Kind kind, Language language, std::string_view word) {
  const auto table = keywords(kind);
  for (std::size_t start = 0; start < table.size();) {
    std::size_t end = start;
    while (end < table.size() && table[end].group == table[start].group) ++end;
    if (auto match = match_group(table.subspan(start, end - start), language, word)) return match;
    start = end;
  }
  return std::nullopt;
}

std::optional<VocabularyMatch> find_keyword(Group group, Language language, std::string_view word) {
  return match_group(keywords(group), language, word);
}

// Popeye reads a file's first word and tries French, German and English in that order, taking
// the first language whose BeginProblem the word abbreviates (input/plaintext/plaintext.c); that
// language holds for the whole file. The three spellings begin with different letters (d, a, b),
// so the order decides nothing.
std::optional<Language> language_of_begin(std::string_view word) {
  for (const Language language : {Language::French, Language::German, Language::English})
    if (match_abbreviation(keywords(Group::Begin), language, word)) return language;
  return std::nullopt;
}

std::vector<std::string_view> spellings(Kind kind, Language language) {
  return spellings_of(keywords(kind), language);
}

std::vector<std::string_view> spellings(Group group, Language language) {
  return spellings_of(keywords(group), language);
}

std::string joined_spellings(const std::vector<const Keyword*>& keywords, Language language) {
  std::string out;
  for (const Keyword* k : keywords) out += (out.empty() ? "" : ", ") + std::string(k->in(language));
  return out;
}

std::string_view language_name(Language language) {
  switch (language) {
    case Language::German: return "German";
    case Language::French: return "French";
    case Language::English: break;
  }
  return "English";
}

std::string_view spelling_of(Kind kind, std::string_view id, Language language) {
  for (const Keyword& k : keywords(kind))
    if (k.id == id) return k.in(language);
  return id;
}

namespace {

constexpr std::pair<std::string_view, PieceType> OrthodoxPieces[] = {{"king", King},     {"queen", Queen},   {"rook", Rook},
                                                                     {"bishop", Bishop}, {"knight", Knight}, {"pawn", Pawn}};

}  // namespace

PieceType orthodox_piece(Language language, std::string_view code) {
  const auto m = find_keyword(Kind::Piece, language, code);
  if (!m || m->ambiguous()) return NoPieceType;
  for (const auto& [id, type] : OrthodoxPieces)
    if (m->keyword->id == id) return type;
  return NoPieceType;
}

std::string orthodox_piece_letters(Language language) {
  std::string out;
  for (const auto& [id, type] : OrthodoxPieces)
    out += fmt::format("{}{} ({})", out.empty() ? "" : ", ", spelling_of(Kind::Piece, id, language), id);
  return out;
}

}  // namespace arbiter::problem::popeye
