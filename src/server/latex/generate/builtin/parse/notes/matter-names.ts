// The names a book or a report gives its opening and closing words (a preface, an afterword), in
// the languages the generator reads: such a heading stands beside the chapters, not under one.
export const FRONT = /^(?:preface|foreword|prologue|prolog|introduction to the book|vorwort|geleitwort|avant-propos|pr[ée]face|pr[ée]ambule|prefacio|pr[óo]logo|prefazione|premessa|prefácio|voorwoord|przedmowa|předmluva|предисловие|передмова|前言|序言|序|自序|まえがき|はじめに|머리말|서문|مقدمة الكتاب|تمهيد)$/iu;
export const BACK = /^(?:afterword|epilogue|epilog|postscript|nachwort|postface|[ée]pilogue|ep[íi]logo|postfazione|posfácio|nawoord|posłowie|doslov|послесловие|эпилог|післямова|后记|後記|跋|あとがき|おわりに|맺음말|후기|خاتمة)$/iu;
