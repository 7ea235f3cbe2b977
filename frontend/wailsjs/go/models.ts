export namespace apperr {
	
	export class Error {
	    kind: string;
	    message: string;
	    status?: number;
	    transaction_id?: string;
	
	    static createFrom(source: any = {}) {
	        return new Error(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.message = source["message"];
	        this.status = source["status"];
	        this.transaction_id = source["transaction_id"];
	    }
	}

}

export namespace config {
	
	export class CredentialStatus {
	    source: string;
	    keychain_available: boolean;
	    masked_key: string;
	    message: string;
	
	    static createFrom(source: any = {}) {
	        return new CredentialStatus(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.source = source["source"];
	        this.keychain_available = source["keychain_available"];
	        this.masked_key = source["masked_key"];
	        this.message = source["message"];
	    }
	}
	export class Settings {
	    environment: string;
	    base_url: string;
	    cache_days: number;
	    rate_per_minute: number;
	    amount_tolerance: number;
	    date_window_days: number;
	
	    static createFrom(source: any = {}) {
	        return new Settings(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.environment = source["environment"];
	        this.base_url = source["base_url"];
	        this.cache_days = source["cache_days"];
	        this.rate_per_minute = source["rate_per_minute"];
	        this.amount_tolerance = source["amount_tolerance"];
	        this.date_window_days = source["date_window_days"];
	    }
	}

}

export namespace desk {
	
	export class ApplicantView {
	    transaction_id: string;
	    timestamp: number;
	    name: string;
	    pan: string;
	    state: string;
	    goodsdetails?: string;
	    servicedetails?: string;
	    authstatus: string;
	    regdt: string;
	    candt?: string;
	    // Go type: gstapi
	    addtls: any;
	    source: string;
	    fetched_at: string;
	
	    static createFrom(source: any = {}) {
	        return new ApplicantView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.transaction_id = source["transaction_id"];
	        this.timestamp = source["timestamp"];
	        this.name = source["name"];
	        this.pan = source["pan"];
	        this.state = source["state"];
	        this.goodsdetails = source["goodsdetails"];
	        this.servicedetails = source["servicedetails"];
	        this.authstatus = source["authstatus"];
	        this.regdt = source["regdt"];
	        this.candt = source["candt"];
	        this.addtls = this.convertValues(source["addtls"], null);
	        this.source = source["source"];
	        this.fetched_at = source["fetched_at"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class LookupRow {
	    row: number;
	    input: string;
	    gstin: string;
	    status: string;
	    legal_name: string;
	    trade_name: string;
	    reg_status: string;
	    reg_date: string;
	    cancel_date: string;
	    state: string;
	    constitution: string;
	    taxpayer_type: string;
	    einvoice: string;
	    address: string;
	    source: string;
	    fetched_at: string;
	    transaction_id: string;
	    note: string;
	    error_kind: string;
	    error: string;
	
	    static createFrom(source: any = {}) {
	        return new LookupRow(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.row = source["row"];
	        this.input = source["input"];
	        this.gstin = source["gstin"];
	        this.status = source["status"];
	        this.legal_name = source["legal_name"];
	        this.trade_name = source["trade_name"];
	        this.reg_status = source["reg_status"];
	        this.reg_date = source["reg_date"];
	        this.cancel_date = source["cancel_date"];
	        this.state = source["state"];
	        this.constitution = source["constitution"];
	        this.taxpayer_type = source["taxpayer_type"];
	        this.einvoice = source["einvoice"];
	        this.address = source["address"];
	        this.source = source["source"];
	        this.fetched_at = source["fetched_at"];
	        this.transaction_id = source["transaction_id"];
	        this.note = source["note"];
	        this.error_kind = source["error_kind"];
	        this.error = source["error"];
	    }
	}
	export class BulkView {
	    rows: LookupRow[];
	    summary: lookup.BulkSummary;
	
	    static createFrom(source: any = {}) {
	        return new BulkView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.rows = this.convertValues(source["rows"], LookupRow);
	        this.summary = this.convertValues(source["summary"], lookup.BulkSummary);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ChangedRow {
	    hash: string;
	    gstin: string;
	    name: string;
	    type: string;
	    label: string;
	    date: string;
	    state: string;
	
	    static createFrom(source: any = {}) {
	        return new ChangedRow(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.hash = source["hash"];
	        this.gstin = source["gstin"];
	        this.name = source["name"];
	        this.type = source["type"];
	        this.label = source["label"];
	        this.date = source["date"];
	        this.state = source["state"];
	    }
	}
	export class ChangedView {
	    date: string;
	    state: string;
	    total: number;
	    pages: number;
	    yours: ChangedRow[];
	    others: ChangedRow[];
	    by_type: Record<string, number>;
	    source: string;
	    fetched_at: string;
	
	    static createFrom(source: any = {}) {
	        return new ChangedView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.date = source["date"];
	        this.state = source["state"];
	        this.total = source["total"];
	        this.pages = source["pages"];
	        this.yours = this.convertValues(source["yours"], ChangedRow);
	        this.others = this.convertValues(source["others"], ChangedRow);
	        this.by_type = source["by_type"];
	        this.source = source["source"];
	        this.fetched_at = source["fetched_at"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ContactCheckView {
	    enrolment: string;
	    mobile: string;
	    email: string;
	    transaction_id: string;
	
	    static createFrom(source: any = {}) {
	        return new ContactCheckView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.enrolment = source["enrolment"];
	        this.mobile = source["mobile"];
	        this.email = source["email"];
	        this.transaction_id = source["transaction_id"];
	    }
	}
	export class Info {
	    version: string;
	    workspace: store.Workspace;
	    environment: string;
	    demo: boolean;
	    base_url: string;
	    data_dir: string;
	    offline: boolean;
	    credentials: config.CredentialStatus;
	    calls_today: number;
	
	    static createFrom(source: any = {}) {
	        return new Info(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.version = source["version"];
	        this.workspace = this.convertValues(source["workspace"], store.Workspace);
	        this.environment = source["environment"];
	        this.demo = source["demo"];
	        this.base_url = source["base_url"];
	        this.data_dir = source["data_dir"];
	        this.offline = source["offline"];
	        this.credentials = this.convertValues(source["credentials"], config.CredentialStatus);
	        this.calls_today = source["calls_today"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class JobEvent {
	    id: string;
	    kind: string;
	    done: number;
	    total: number;
	    // Go type: time
	    started: any;
	    error?: apperr.Error;
	
	    static createFrom(source: any = {}) {
	        return new JobEvent(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.kind = source["kind"];
	        this.done = source["done"];
	        this.total = source["total"];
	        this.started = this.convertValues(source["started"], null);
	        this.error = this.convertValues(source["error"], apperr.Error);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class LookupDetail {
	    row: number;
	    input: string;
	    gstin: string;
	    status: string;
	    legal_name: string;
	    trade_name: string;
	    reg_status: string;
	    reg_date: string;
	    cancel_date: string;
	    state: string;
	    constitution: string;
	    taxpayer_type: string;
	    einvoice: string;
	    address: string;
	    source: string;
	    fetched_at: string;
	    transaction_id: string;
	    note: string;
	    error_kind: string;
	    error: string;
	    detail?: gstapi.SearchResult;
	    check?: gstin.GSTIN;
	
	    static createFrom(source: any = {}) {
	        return new LookupDetail(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.row = source["row"];
	        this.input = source["input"];
	        this.gstin = source["gstin"];
	        this.status = source["status"];
	        this.legal_name = source["legal_name"];
	        this.trade_name = source["trade_name"];
	        this.reg_status = source["reg_status"];
	        this.reg_date = source["reg_date"];
	        this.cancel_date = source["cancel_date"];
	        this.state = source["state"];
	        this.constitution = source["constitution"];
	        this.taxpayer_type = source["taxpayer_type"];
	        this.einvoice = source["einvoice"];
	        this.address = source["address"];
	        this.source = source["source"];
	        this.fetched_at = source["fetched_at"];
	        this.transaction_id = source["transaction_id"];
	        this.note = source["note"];
	        this.error_kind = source["error_kind"];
	        this.error = source["error"];
	        this.detail = this.convertValues(source["detail"], gstapi.SearchResult);
	        this.check = this.convertValues(source["check"], gstin.GSTIN);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class PreferenceView {
	    gstin: string;
	    fy: string;
	    quarters: Record<string, string>;
	    source: string;
	    fetched_at: string;
	
	    static createFrom(source: any = {}) {
	        return new PreferenceView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.fy = source["fy"];
	        this.quarters = source["quarters"];
	        this.source = source["source"];
	        this.fetched_at = source["fetched_at"];
	    }
	}

}

export namespace gstapi {
	
	export class Address {
	    bnm: string;
	    bno: string;
	    flno: string;
	    st: string;
	    loc: string;
	    locality: string;
	    landMark: string;
	    dst: string;
	    stcd: string;
	    pncd: string;
	    lt: string;
	    lg: string;
	    geocodelvl: string;
	
	    static createFrom(source: any = {}) {
	        return new Address(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.bnm = source["bnm"];
	        this.bno = source["bno"];
	        this.flno = source["flno"];
	        this.st = source["st"];
	        this.loc = source["loc"];
	        this.locality = source["locality"];
	        this.landMark = source["landMark"];
	        this.dst = source["dst"];
	        this.stcd = source["stcd"];
	        this.pncd = source["pncd"];
	        this.lt = source["lt"];
	        this.lg = source["lg"];
	        this.geocodelvl = source["geocodelvl"];
	    }
	}
	export class Place {
	    addr: Address;
	    ntr: string;
	
	    static createFrom(source: any = {}) {
	        return new Place(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.addr = this.convertValues(source["addr"], Address);
	        this.ntr = source["ntr"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class SearchResult {
	    transaction_id: string;
	    timestamp: number;
	    gstin: string;
	    lgnm: string;
	    tradeNam: string;
	    sts: string;
	    rgdt: string;
	    cxdt: string;
	    ctb: string;
	    dty: string;
	    nba: string[];
	    einvoiceStatus: string;
	    lstupdt: string;
	    stj: string;
	    stjCd: string;
	    ctj: string;
	    ctjCd: string;
	    pradr?: Place;
	    adadr: Place[];
	    canclDt?: string;
	    rsnCd?: string;
	    typeOfSup?: string;
	
	    static createFrom(source: any = {}) {
	        return new SearchResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.transaction_id = source["transaction_id"];
	        this.timestamp = source["timestamp"];
	        this.gstin = source["gstin"];
	        this.lgnm = source["lgnm"];
	        this.tradeNam = source["tradeNam"];
	        this.sts = source["sts"];
	        this.rgdt = source["rgdt"];
	        this.cxdt = source["cxdt"];
	        this.ctb = source["ctb"];
	        this.dty = source["dty"];
	        this.nba = source["nba"];
	        this.einvoiceStatus = source["einvoiceStatus"];
	        this.lstupdt = source["lstupdt"];
	        this.stj = source["stj"];
	        this.stjCd = source["stjCd"];
	        this.ctj = source["ctj"];
	        this.ctjCd = source["ctjCd"];
	        this.pradr = this.convertValues(source["pradr"], Place);
	        this.adadr = this.convertValues(source["adadr"], Place);
	        this.canclDt = source["canclDt"];
	        this.rsnCd = source["rsnCd"];
	        this.typeOfSup = source["typeOfSup"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace gstin {
	
	export class GSTIN {
	    value: string;
	    state_code: string;
	    state_name: string;
	    family: string;
	    pan?: string;
	    holder?: string;
	    tan?: string;
	    identity: string;
	    entity_number: string;
	    check_char: string;
	    legacy_state?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new GSTIN(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.value = source["value"];
	        this.state_code = source["state_code"];
	        this.state_name = source["state_name"];
	        this.family = source["family"];
	        this.pan = source["pan"];
	        this.holder = source["holder"];
	        this.tan = source["tan"];
	        this.identity = source["identity"];
	        this.entity_number = source["entity_number"];
	        this.check_char = source["check_char"];
	        this.legacy_state = source["legacy_state"];
	    }
	}

}

export namespace lookup {
	
	export class BulkSummary {
	    total: number;
	    invalid: number;
	    duplicates: number;
	    unique: number;
	    from_cache: number;
	    paid_calls: number;
	    failed: number;
	    cancelled: boolean;
	
	    static createFrom(source: any = {}) {
	        return new BulkSummary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.total = source["total"];
	        this.invalid = source["invalid"];
	        this.duplicates = source["duplicates"];
	        this.unique = source["unique"];
	        this.from_cache = source["from_cache"];
	        this.paid_calls = source["paid_calls"];
	        this.failed = source["failed"];
	        this.cancelled = source["cancelled"];
	    }
	}

}

export namespace store {
	
	export class Workspace {
	    id: string;
	    name: string;
	    gstin: string;
	    environment: string;
	    base_url: string;
	    created_at: string;
	    last_used_at: string;
	
	    static createFrom(source: any = {}) {
	        return new Workspace(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.name = source["name"];
	        this.gstin = source["gstin"];
	        this.environment = source["environment"];
	        this.base_url = source["base_url"];
	        this.created_at = source["created_at"];
	        this.last_used_at = source["last_used_at"];
	    }
	}

}

