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
	export class PullRequest {
	    gstin: string;
	    periods: string[];
	    supplier: string;
	    from: string;
	
	    static createFrom(source: any = {}) {
	        return new PullRequest(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.periods = source["periods"];
	        this.supplier = source["supplier"];
	        this.from = source["from"];
	    }
	}
	export class PullResult {
	    period: string;
	    status: string;
	    snapshot_id?: string;
	    invoices: number;
	    suppliers: number;
	    transaction_id?: string;
	    fetched_at?: string;
	    error?: apperr.Error;
	
	    static createFrom(source: any = {}) {
	        return new PullResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.status = source["status"];
	        this.snapshot_id = source["snapshot_id"];
	        this.invoices = source["invoices"];
	        this.suppliers = source["suppliers"];
	        this.transaction_id = source["transaction_id"];
	        this.fetched_at = source["fetched_at"];
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
	export class SessionView {
	    gstin: string;
	    username: string;
	    active: boolean;
	    session_expiry: string;
	    warning?: string;
	    from_env: boolean;
	
	    static createFrom(source: any = {}) {
	        return new SessionView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.username = source["username"];
	        this.active = source["active"];
	        this.session_expiry = source["session_expiry"];
	        this.warning = source["warning"];
	        this.from_env = source["from_env"];
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

export namespace gstr2a {
	
	export class Amounts {
	    value: number;
	    taxable: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	
	    static createFrom(source: any = {}) {
	        return new Amounts(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.value = source["value"];
	        this.taxable = source["taxable"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	    }
	}
	export class SupplierChange {
	    gstin: string;
	    changes: FieldChange[];
	
	    static createFrom(source: any = {}) {
	        return new SupplierChange(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.changes = this.convertValues(source["changes"], FieldChange);
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
	export class FieldChange {
	    field: string;
	    old: string;
	    new: string;
	
	    static createFrom(source: any = {}) {
	        return new FieldChange(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.field = source["field"];
	        this.old = source["old"];
	        this.new = source["new"];
	    }
	}
	export class InvoiceChange {
	    key: string;
	    old: InvoiceRow;
	    new: InvoiceRow;
	    changes: FieldChange[];
	
	    static createFrom(source: any = {}) {
	        return new InvoiceChange(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.old = this.convertValues(source["old"], InvoiceRow);
	        this.new = this.convertValues(source["new"], InvoiceRow);
	        this.changes = this.convertValues(source["changes"], FieldChange);
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
	export class InvoiceRow {
	    id: number;
	    snapshot_id: string;
	    period: string;
	    supplier_gstin: string;
	    supplier_pan: string;
	    supplier_name: string;
	    invoice_number: string;
	    invoice_number_norm: string;
	    invoice_date: string;
	    idt: string;
	    invoice_type: string;
	    pos: string;
	    reverse_charge: string;
	    amounts: Amounts;
	    tax: number;
	    diff_percent?: number;
	    irn: string;
	    irn_date: string;
	    source_type: string;
	    chksum: string;
	    cfs: string;
	    cfs3b: string;
	    cancelled_on: string;
	    items: number;
	
	    static createFrom(source: any = {}) {
	        return new InvoiceRow(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.snapshot_id = source["snapshot_id"];
	        this.period = source["period"];
	        this.supplier_gstin = source["supplier_gstin"];
	        this.supplier_pan = source["supplier_pan"];
	        this.supplier_name = source["supplier_name"];
	        this.invoice_number = source["invoice_number"];
	        this.invoice_number_norm = source["invoice_number_norm"];
	        this.invoice_date = source["invoice_date"];
	        this.idt = source["idt"];
	        this.invoice_type = source["invoice_type"];
	        this.pos = source["pos"];
	        this.reverse_charge = source["reverse_charge"];
	        this.amounts = this.convertValues(source["amounts"], Amounts);
	        this.tax = source["tax"];
	        this.diff_percent = source["diff_percent"];
	        this.irn = source["irn"];
	        this.irn_date = source["irn_date"];
	        this.source_type = source["source_type"];
	        this.chksum = source["chksum"];
	        this.cfs = source["cfs"];
	        this.cfs3b = source["cfs3b"];
	        this.cancelled_on = source["cancelled_on"];
	        this.items = source["items"];
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
	export class Filters {
	    supplier: string;
	    from: string;
	
	    static createFrom(source: any = {}) {
	        return new Filters(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.supplier = source["supplier"];
	        this.from = source["from"];
	    }
	}
	export class Snapshot {
	    id: string;
	    workspace_id: string;
	    gstin: string;
	    period: string;
	    filters: Filters;
	    // Go type: time
	    fetched_at: any;
	    transaction_id: string;
	    // Go type: time
	    server_time: any;
	    status: string;
	    suppliers: number;
	    invoices: number;
	    items: number;
	    totals: Amounts;
	
	    static createFrom(source: any = {}) {
	        return new Snapshot(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.workspace_id = source["workspace_id"];
	        this.gstin = source["gstin"];
	        this.period = source["period"];
	        this.filters = this.convertValues(source["filters"], Filters);
	        this.fetched_at = this.convertValues(source["fetched_at"], null);
	        this.transaction_id = source["transaction_id"];
	        this.server_time = this.convertValues(source["server_time"], null);
	        this.status = source["status"];
	        this.suppliers = source["suppliers"];
	        this.invoices = source["invoices"];
	        this.items = source["items"];
	        this.totals = this.convertValues(source["totals"], Amounts);
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
	export class Diff {
	    from: Snapshot;
	    to: Snapshot;
	    added: InvoiceRow[];
	    removed: InvoiceRow[];
	    amended: InvoiceChange[];
	    unchanged: number;
	    suppliers: SupplierChange[];
	    suppliers_added: string[];
	    suppliers_removed: string[];
	
	    static createFrom(source: any = {}) {
	        return new Diff(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.from = this.convertValues(source["from"], Snapshot);
	        this.to = this.convertValues(source["to"], Snapshot);
	        this.added = this.convertValues(source["added"], InvoiceRow);
	        this.removed = this.convertValues(source["removed"], InvoiceRow);
	        this.amended = this.convertValues(source["amended"], InvoiceChange);
	        this.unchanged = source["unchanged"];
	        this.suppliers = this.convertValues(source["suppliers"], SupplierChange);
	        this.suppliers_added = source["suppliers_added"];
	        this.suppliers_removed = source["suppliers_removed"];
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
	
	
	
	export class InvoiceFilter {
	    supplier: string;
	    number: string;
	    date_from: string;
	    date_to: string;
	    rate?: number;
	    pos: string;
	    reverse_charge: string;
	    type: string;
	    einvoice: string;
	    supplier_filed: string;
	    supplier_filed_3b: string;
	    period: string;
	
	    static createFrom(source: any = {}) {
	        return new InvoiceFilter(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.supplier = source["supplier"];
	        this.number = source["number"];
	        this.date_from = source["date_from"];
	        this.date_to = source["date_to"];
	        this.rate = source["rate"];
	        this.pos = source["pos"];
	        this.reverse_charge = source["reverse_charge"];
	        this.type = source["type"];
	        this.einvoice = source["einvoice"];
	        this.supplier_filed = source["supplier_filed"];
	        this.supplier_filed_3b = source["supplier_filed_3b"];
	        this.period = source["period"];
	    }
	}
	export class InvoicePage {
	    rows: InvoiceRow[];
	    total: number;
	    totals: Amounts;
	    tax: number;
	    unfiltered: number;
	
	    static createFrom(source: any = {}) {
	        return new InvoicePage(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.rows = this.convertValues(source["rows"], InvoiceRow);
	        this.total = source["total"];
	        this.totals = this.convertValues(source["totals"], Amounts);
	        this.tax = source["tax"];
	        this.unfiltered = source["unfiltered"];
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
	export class InvoiceQuery {
	    filter: InvoiceFilter;
	    sort: string;
	    desc: boolean;
	    offset: number;
	    limit: number;
	
	    static createFrom(source: any = {}) {
	        return new InvoiceQuery(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.filter = this.convertValues(source["filter"], InvoiceFilter);
	        this.sort = source["sort"];
	        this.desc = source["desc"];
	        this.offset = source["offset"];
	        this.limit = source["limit"];
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
	
	export class LineItem {
	    seq: number;
	    num: number;
	    rate: number;
	    taxable: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	    has_igst: boolean;
	    has_cgst: boolean;
	    has_sgst: boolean;
	    has_cess: boolean;
	
	    static createFrom(source: any = {}) {
	        return new LineItem(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.seq = source["seq"];
	        this.num = source["num"];
	        this.rate = source["rate"];
	        this.taxable = source["taxable"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	        this.has_igst = source["has_igst"];
	        this.has_cgst = source["has_cgst"];
	        this.has_sgst = source["has_sgst"];
	        this.has_cess = source["has_cess"];
	    }
	}
	export class MonthTax {
	    period: string;
	    taxable: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	    tax: number;
	
	    static createFrom(source: any = {}) {
	        return new MonthTax(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.taxable = source["taxable"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	        this.tax = source["tax"];
	    }
	}
	export class PeriodInfo {
	    period: string;
	    pulls: number;
	    // Go type: time
	    last_fetched_at: any;
	    latest: Snapshot;
	
	    static createFrom(source: any = {}) {
	        return new PeriodInfo(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.pulls = source["pulls"];
	        this.last_fetched_at = this.convertValues(source["last_fetched_at"], null);
	        this.latest = this.convertValues(source["latest"], Snapshot);
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
	export class PeriodTotal {
	    period: string;
	    snapshot_id: string;
	    invoices: number;
	    suppliers: number;
	    amounts: Amounts;
	    tax: number;
	
	    static createFrom(source: any = {}) {
	        return new PeriodTotal(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.snapshot_id = source["snapshot_id"];
	        this.invoices = source["invoices"];
	        this.suppliers = source["suppliers"];
	        this.amounts = this.convertValues(source["amounts"], Amounts);
	        this.tax = source["tax"];
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
	export class RateTotal {
	    rate: number;
	    items: number;
	    taxable: number;
	    igst: number;
	    cgst: number;
	    sgst: number;
	    cess: number;
	
	    static createFrom(source: any = {}) {
	        return new RateTotal(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.rate = source["rate"];
	        this.items = source["items"];
	        this.taxable = source["taxable"];
	        this.igst = source["igst"];
	        this.cgst = source["cgst"];
	        this.sgst = source["sgst"];
	        this.cess = source["cess"];
	    }
	}
	export class Scope {
	    workspace_id: string;
	    periods: string[];
	    snapshot_ids?: string[];
	
	    static createFrom(source: any = {}) {
	        return new Scope(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.workspace_id = source["workspace_id"];
	        this.periods = source["periods"];
	        this.snapshot_ids = source["snapshot_ids"];
	    }
	}
	
	
	export class SupplierPeriod {
	    period: string;
	    cfs: string;
	    cfs3b: string;
	    filed_on: string;
	    filed_period: string;
	    invoices: number;
	
	    static createFrom(source: any = {}) {
	        return new SupplierPeriod(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.period = source["period"];
	        this.cfs = source["cfs"];
	        this.cfs3b = source["cfs3b"];
	        this.filed_on = source["filed_on"];
	        this.filed_period = source["filed_period"];
	        this.invoices = source["invoices"];
	    }
	}
	export class SupplierSummary {
	    gstin: string;
	    pan: string;
	    name: string;
	    invoices: number;
	    amounts: Amounts;
	    tax: number;
	    filed_gstr1: string;
	    filed_gstr3b: string;
	    not_filed_periods: string[];
	    last_filed_on: string;
	    last_filed_period: string;
	    cancelled_on: string;
	    cancelled_raw: string;
	    periods: SupplierPeriod[];
	
	    static createFrom(source: any = {}) {
	        return new SupplierSummary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.pan = source["pan"];
	        this.name = source["name"];
	        this.invoices = source["invoices"];
	        this.amounts = this.convertValues(source["amounts"], Amounts);
	        this.tax = source["tax"];
	        this.filed_gstr1 = source["filed_gstr1"];
	        this.filed_gstr3b = source["filed_gstr3b"];
	        this.not_filed_periods = source["not_filed_periods"];
	        this.last_filed_on = source["last_filed_on"];
	        this.last_filed_period = source["last_filed_period"];
	        this.cancelled_on = source["cancelled_on"];
	        this.cancelled_raw = source["cancelled_raw"];
	        this.periods = this.convertValues(source["periods"], SupplierPeriod);
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
	export class SupplierTax {
	    gstin: string;
	    name: string;
	    taxable: number;
	    tax: number;
	
	    static createFrom(source: any = {}) {
	        return new SupplierTax(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.gstin = source["gstin"];
	        this.name = source["name"];
	        this.taxable = source["taxable"];
	        this.tax = source["tax"];
	    }
	}
	export class Totals {
	    invoices: number;
	    suppliers: number;
	    amounts: Amounts;
	    tax: number;
	    by_rate: RateTotal[];
	    by_period: PeriodTotal[];
	    snapshots: Snapshot[];
	
	    static createFrom(source: any = {}) {
	        return new Totals(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.invoices = source["invoices"];
	        this.suppliers = source["suppliers"];
	        this.amounts = this.convertValues(source["amounts"], Amounts);
	        this.tax = source["tax"];
	        this.by_rate = this.convertValues(source["by_rate"], RateTotal);
	        this.by_period = this.convertValues(source["by_period"], PeriodTotal);
	        this.snapshots = this.convertValues(source["snapshots"], Snapshot);
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

